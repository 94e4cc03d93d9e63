import { atom } from 'nanostores';
import type { User } from '../../../contract/user';

/** SPEC §3 "User (held locally after profile fetch)": the user as the API last described them (contract/user.ts). */
export type SessionUser = User;

/**
 * The session itself is an HttpOnly cookie no script can read (ADR 015). What the page keeps is the signed-in
 * user's display copy, which says someone is signed in (the header card shows it at first paint); the API, which
 * sees the cookie, stays the judge, and its 401 clears the copy.
 */
export type Session = { user: SessionUser | null };

/** SPEC §3 local storage key of the display copy; its presence means signed in (its value may be `null`). */
export const USER_KEY = 'authUser';
/** Where the session token used to be kept, before ADR 015. Removed on sight: a script could read it there. */
export const LEGACY_TOKEN_KEY = 'token';

function readUser(raw: string): SessionUser | null {
  try {
    return JSON.parse(raw) as SessionUser | null;
  } catch {
    return null;
  }
}

function readSession(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  // A browser signed in before the cookie signs in again once: the old token is dropped, never sent anywhere.
  localStorage.removeItem(LEGACY_TOKEN_KEY);
  const raw = localStorage.getItem(USER_KEY);
  return raw === null ? null : { user: readUser(raw) };
}

/** Shared by every island and script on the page; backed by localStorage so it survives navigation and tabs. */
export const $session = atom<Session | null>(readSession());

/** After a login: the server has set the cookie; this keeps the display copy. */
export function signIn(user: SessionUser | null) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  $session.set({ user });
}

/** A fresher copy of the signed-in user. */
export function updateSessionUser(user: SessionUser) {
  const current = $session.get();
  if (!current) return;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  $session.set({ ...current, user });
}

export function signOut() {
  localStorage.removeItem(USER_KEY);
  localStorage.removeItem(LEGACY_TOKEN_KEY);
  $session.set(null);
}

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === USER_KEY || event.key === null) $session.set(readSession());
  });
}
