import type { loginAnswer } from '../../../contract/user';
import { loginAnswerLater } from '../lib/answers-later';
import { errorText } from '../lib/api';
import type { SessionUser } from '../stores/session';

export const LOGIN_FAILED = 'Login failed';
export const LOGIN_SUCCESS = 'Login successful!';
export const UNVERIFIED = 'Email not verified. New code sent!';

export type LoginAnswer =
  | { kind: 'ok'; user: SessionUser }
  | { kind: 'unverified'; message: string }
  | { kind: 'failed'; message: string };

/**
 * SPEC §4 "Login modes": the resend flag, or an error about verifying the email, means the account is waiting
 * for its code (and the server has just mailed a new one).
 */
export function readLoginAnswer(status: number, body: unknown, schema: typeof loginAnswer): LoginAnswer {
  const error = errorText(body) || null;
  const resend = typeof body === 'object' && body !== null && 'resend' in body && body.resend === true;
  if (resend || (error && /verif/i.test(error) && /e-?mail/i.test(error))) {
    return { kind: 'unverified', message: error ?? UNVERIFIED };
  }
  // The token in the answer is for API clients; the browser's session is the cookie the answer set (ADR 015), so
  // the answer is read for its user (contract/user.ts) and the token is kept nowhere.
  if (status >= 200 && status < 300 && !error) {
    const answer = schema.safeParse(body);
    if (answer.success) return { kind: 'ok', user: answer.data.user };
    console.error("The API's answer to /login is not the one its contract describes:", answer.error.issues);
  }
  return { kind: 'failed', message: error ?? LOGIN_FAILED };
}

/** Our own call rather than callApi: the answer's `resend` flag matters here, and callApi keeps only the text. */
export async function requestLogin(email: string, password: string, remember: boolean): Promise<LoginAnswer> {
  // Loaded while the request is under way (lib/answers-later.ts).
  const schema = loginAnswerLater();
  schema.catch(() => {});
  try {
    const response = await fetch('/api/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, remember }),
    });
    return readLoginAnswer(response.status, await response.json().catch(() => ({})), await schema);
  } catch {
    return { kind: 'failed', message: LOGIN_FAILED };
  }
}
