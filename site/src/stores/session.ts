import { atom } from 'nanostores';

/** SPEC §3 "User (held locally after profile fetch)". */
export type SessionUser = {
  _id: string;
  name: string;
  email: string;
  username: string;
  isVerified: boolean;
  isSubscribed: boolean;
  trialExpires: string | null;
  isAdmin?: boolean;
};

export type Session = { token: string; user: SessionUser | null };

/** SPEC §3 local storage keys. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'authUser';

function readUser(): SessionUser | null {
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as SessionUser | null;
  } catch {
    return null;
  }
}

function readSession(): Session | null {
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { token, user: readUser() } : null;
}

/** Shared by every island and script on the page; backed by localStorage so it survives navigation and tabs. */
export const $session = atom<Session | null>(readSession());

export function signIn(token: string, user: SessionUser | null) {
  localStorage.setItem(TOKEN_KEY, token);
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  $session.set({ token, user });
}

/** A fresher copy of the signed-in user; the stored token is left as it is (another tab may have changed it). */
export function updateSessionUser(user: SessionUser) {
  const current = $session.get();
  if (!current) return;
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  $session.set({ ...current, user });
}

export function signOut() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  $session.set(null);
}

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) $session.set(readSession());
  });
}
