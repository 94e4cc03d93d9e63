import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardAnswer } from '../../../../tests/support/site/card-answer';
import { NO_CHANGES, publishCard, SAVE_FAILED } from './publish';

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('publishCard', () => {
  it('posts the form as it is, so the browser writes the multipart boundary', async () => {
    const card = cardAnswer({ main_heading: 'Pipe Dreams' });
    const fetch = answer(200, { success: true, message: 'Your page is Published!', data: card });
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('main_heading', 'Pipe Dreams');
    expect(await publishCard(form)).toEqual({ ok: true, card });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/business-card/create_business_card');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    expect(init.headers ?? {}).not.toHaveProperty('content-type');
    // Signed in by the session cookie alone (ADR 015): no token is sent, none is kept where a script could read it.
    expect(init.credentials).toBe('same-origin');
    expect(init.headers ?? {}).not.toHaveProperty('authorization');
  });

  it('shows the server’s own words, such as its refusal of an unchanged card', async () => {
    vi.stubGlobal('fetch', answer(400, { error: NO_CHANGES }));
    expect(await publishCard(new FormData())).toEqual({ ok: false, error: NO_CHANGES });
  });

  it('falls back to the editor’s message when the server gives no text or no answer', async () => {
    vi.stubGlobal('fetch', answer(500, {}));
    expect(await publishCard(new FormData())).toEqual({ ok: false, error: SAVE_FAILED });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await publishCard(new FormData())).toEqual({ ok: false, error: SAVE_FAILED });
  });

  it('refuses an answer its contract does not describe rather than loading it into the editor', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', answer(200, { success: true, message: 'Your page is Published!', data: {} }));
    expect(await publishCard(new FormData())).toEqual({ ok: false, error: SAVE_FAILED });
    expect(console).toHaveBeenCalled();
    console.mockRestore();
  });
});
