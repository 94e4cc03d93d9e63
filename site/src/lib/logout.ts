import { signOut } from '../stores/session';

/** Ends the session here and on the server (which clears the cookie), then goes home (SPEC §2 "Logout"). */
export async function logOut() {
  signOut();
  await fetch('/api/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
  window.location.assign('/');
}
