import { describe, expect, it, vi } from 'vitest';
import { loginAnswer } from '../../../contract/user';
import { readLoginAnswer } from './login-request';

const user = {
  _id: 'u1',
  name: 'Dana',
  email: 'dana@example.com',
  username: 'dana',
  isVerified: true,
  isAdmin: false,
  isSubscribed: false,
  trialExpires: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('reading the login answer', () => {
  it('signs in with the user, keeping no token', () => {
    const answer = { success: true, message: 'Login successful!', token: 't0k', user };
    expect(readLoginAnswer(200, answer, loginAnswer)).toEqual({ kind: 'ok', user });
  });

  it('refuses an answer its contract does not describe, and says so in the console', () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const answer = { success: true, message: 'Login successful!', token: 't0k', user: { ...user, _id: 7 } };
    expect(readLoginAnswer(200, answer, loginAnswer)).toEqual({ kind: 'failed', message: 'Login failed' });
    expect(console).toHaveBeenCalledWith(expect.stringContaining('/login'), expect.anything());
    console.mockRestore();
  });

  it('opens verification on the resend flag, or on an error about verifying the email', () => {
    const mailed = 'Please verify your email. We’ve sent you a new code.';
    expect(readLoginAnswer(403, { error: mailed, resend: true }, loginAnswer)).toEqual({
      kind: 'unverified',
      message: mailed,
    });
    expect(readLoginAnswer(403, { error: 'Email not verified' }, loginAnswer)).toMatchObject({
      kind: 'unverified',
    });
    expect(readLoginAnswer(403, { resend: true }, loginAnswer)).toMatchObject({ kind: 'unverified' });
  });

  it('shows the server’s words for anything else, else "Login failed"', () => {
    expect(readLoginAnswer(401, { error: 'Invalid email or password.' }, loginAnswer)).toEqual({
      kind: 'failed',
      message: 'Invalid email or password.',
    });
    expect(readLoginAnswer(502, 'Bad gateway', loginAnswer)).toEqual({
      kind: 'failed',
      message: 'Login failed',
    });
  });
});
