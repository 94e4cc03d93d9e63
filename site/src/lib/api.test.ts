import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { messageAnswer } from '../../../contract/message';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** Just enough of localStorage for the session store, holding what a browser signed in before ADR 015 had. */
function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    has: (key: string) => map.has(key),
  };
}

describe('callApi and the stored session (ADR 015)', () => {
  it('sends the cookie only: no Authorization header, even from a browser that still has an old token', async () => {
    const local = storage({ token: 'old-token', authUser: '{"email":"dana@example.com"}' });
    vi.stubGlobal('localStorage', local);
    const fetch = vi.fn(async () => new Response('{"success":true}', { status: 200 }));
    const done = z.object({ success: z.literal(true) });
    vi.stubGlobal('fetch', fetch);
    const { callApi } = await import('./api');
    const { $session } = await import('../stores/session');

    await callApi('/profile', done, { method: 'PUT', body: { name: 'Dana' }, fallback: 'Failed' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('same-origin');
    expect(JSON.stringify(init.headers)).not.toMatch(/authorization|old-token/i);
    // The old token is dropped on sight; the display copy still says someone is signed in.
    expect(local.has('token')).toBe(false);
    expect($session.get()).toEqual({ user: { email: 'dana@example.com' } });
  });

  it('signing in keeps the display copy, never a token', async () => {
    const local = storage({});
    vi.stubGlobal('localStorage', local);
    const { signIn, signOut } = await import('../stores/session');
    signIn(null);
    expect(local.getItem('authUser')).toBe('null');
    expect(local.has('token')).toBe(false);
    signOut();
    expect(local.has('authUser')).toBe(false);
  });
});

describe('callApi reads each answer with its schema from contract/', () => {
  const answering = (status: number, body: unknown) => {
    vi.stubGlobal('localStorage', storage({}));
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
  };

  it('gives back the answer as its schema reads it', async () => {
    answering(200, { success: true, message: 'Message sent!', extra: 'dropped' });
    const { callApi } = await import('./api');
    const answer = await callApi('/contact', messageAnswer, { method: 'POST', body: {}, fallback: 'Failed' });
    expect(answer).toEqual({ success: true, message: 'Message sent!' });
  });

  it('reads with a schema loaded on first use, as the public pages pass theirs', async () => {
    answering(200, { success: true, message: 'Message sent!' });
    const { callApi } = await import('./api');
    const { messageAnswerLater } = await import('./answers-later');
    const answer = await callApi('/contact', messageAnswerLater, { method: 'POST', fallback: 'Failed' });
    expect(answer.message).toBe('Message sent!');
  });

  it("turns an answer that doesn't match into the caller's fallback, and says why in the console", async () => {
    answering(200, { success: true, msg: 'Message sent!' });
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const { ApiError, callApi } = await import('./api');
    const call = callApi('/contact', messageAnswer, { method: 'POST', body: {}, fallback: 'Failed to send' });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ message: 'Failed to send', status: 200 });
    expect(console).toHaveBeenCalledWith(
      expect.stringContaining('/contact'),
      expect.arrayContaining([expect.objectContaining({ path: ['message'] })]),
    );
    console.mockRestore();
  });

  it("shows the server's error text, not the schema's complaint, when the API refuses", async () => {
    answering(422, { error: 'Please enter your email.' });
    const { callApi } = await import('./api');
    const call = callApi('/contact', messageAnswer, { method: 'POST', body: {}, fallback: 'Failed' });
    await expect(call).rejects.toMatchObject({ message: 'Please enter your email.', status: 422 });
  });
});
