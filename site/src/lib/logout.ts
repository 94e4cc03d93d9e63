import { $session, signOut } from '../stores/session';

/** Ends the session here and on the server, then goes home (SPEC §2 "Logout"). */
export async function logOut() {
  const token = $session.get()?.token;
  signOut();
  if (token) {
    await fetch('/api/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(
      () => undefined,
    );
  }
  window.location.assign('/');
}
