import { describe, expect, it } from 'vitest';
import { readLoginAnswer } from './login-request';

const user = { _id: 'u1', name: 'Dana', email: 'dana@example.com', username: 'dana', isVerified: true };

describe('reading the login answer', () => {
  it('signs in with the user, keeping no token', () => {
    expect(readLoginAnswer(200, { success: true, token: 't0k', user })).toEqual({
      kind: 'ok',
      user,
    });
    expect(readLoginAnswer(200, { token: 't0k', user: 'odd' })).toEqual({
      kind: 'ok',
      user: null,
    });
  });

  it('opens verification on the resend flag, or on an error about verifying the email', () => {
    const mailed = 'Please verify your email. We’ve sent you a new code.';
    expect(readLoginAnswer(403, { error: mailed, resend: true })).toEqual({
      kind: 'unverified',
      message: mailed,
    });
    expect(readLoginAnswer(403, { error: 'Email not verified' })).toMatchObject({ kind: 'unverified' });
    expect(readLoginAnswer(403, { resend: true })).toMatchObject({ kind: 'unverified' });
  });

  it('shows the server’s words for anything else, else "Login failed"', () => {
    expect(readLoginAnswer(401, { error: 'Invalid email or password.' })).toEqual({
      kind: 'failed',
      message: 'Invalid email or password.',
    });
    expect(readLoginAnswer(502, 'Bad gateway')).toEqual({ kind: 'failed', message: 'Login failed' });
    expect(readLoginAnswer(200, {})).toEqual({ kind: 'failed', message: 'Login failed' });
  });
});
