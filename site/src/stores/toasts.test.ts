import { beforeEach, describe, expect, it } from 'vitest';
import { $toasts, carriedOver, MAX_TOASTS, raiseToast } from './toasts';

beforeEach(() => $toasts.set([]));

describe('toasts', () => {
  it('last 4 s for errors and 2 s for successes', () => {
    expect(raiseToast('Failed to send message', 'error', 1000).expiresAt).toBe(5000);
    expect(raiseToast('Message sent!', 'success', 1000).expiresAt).toBe(3000);
  });

  it('keep at most 20, dropping the oldest, and forget expired ones', () => {
    for (let i = 0; i < 25; i++) raiseToast(`t${i}`, 'error', 1000);
    expect($toasts.get()).toHaveLength(MAX_TOASTS);
    expect($toasts.get()[0]?.message).toBe('t5');
    raiseToast('later', 'success', 10_000);
    expect($toasts.get().map((t) => t.message)).toEqual(['later']);
  });

  it('clear the errors still showing when a success follows', () => {
    raiseToast('That code is not correct. Please check it and try again.', 'error', 1000);
    raiseToast('Email verified successfully!', 'success', 2000);
    expect($toasts.get().map((t) => t.message)).toEqual(['Email verified successfully!']);
  });

  it('carry successes over to the next page, and errors only when they explain the navigation', () => {
    const error = raiseToast('That code is not correct. Please check it and try again.', 'error', 1000);
    const success = { ...error, id: 'next', kind: 'success' as const, message: 'Login successful!' };
    expect(carriedOver([error, success], 1500)).toEqual([success]);
    expect(carriedOver([success], success.expiresAt)).toEqual([]);
    // An error raised to explain the navigation itself ('Session expired', then the login page) goes with it.
    const leaving = raiseToast('Session expired. Please log in again.', 'error', 1000, true);
    expect(carriedOver([error, leaving], 1500)).toEqual([leaving]);
  });
});
