import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardAnswer } from '../../../../tests/support/site/card-answer';
import { sentRequest, stubXhr } from '../../../../tests/support/site/fake-xhr';
import { NO_CHANGES, publishCard, SAVE_FAILED } from './publish';

beforeEach(stubXhr);
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('publishCard', () => {
  it('posts the form as it is, so the browser writes the multipart boundary', async () => {
    const card = cardAnswer({ main_heading: 'Pipe Dreams' });
    const form = new FormData();
    form.append('main_heading', 'Pipe Dreams');
    const result = publishCard(form);
    const request = await sentRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/business-card/create_business_card');
    expect(request.body).toBe(form);
    expect(request.headers).not.toHaveProperty('content-type');
    // Signed in by the session cookie alone (ADR 015): no token is sent, none is kept where a script could read it.
    expect(request.headers).not.toHaveProperty('authorization');
    request.answer(200, { success: true, message: 'Your page is Published!', data: card });
    expect(await result).toEqual({ ok: true, card });
  });

  it('shows the server’s own words, such as its refusal of an unchanged card', async () => {
    const result = publishCard(new FormData());
    (await sentRequest()).answer(400, { error: NO_CHANGES });
    expect(await result).toEqual({ ok: false, error: NO_CHANGES });
  });

  it('falls back to the editor’s message when the server gives no text or no answer', async () => {
    const silent = publishCard(new FormData());
    (await sentRequest()).answer(500, '<html>Bad gateway</html>');
    expect(await silent).toEqual({ ok: false, error: SAVE_FAILED });
    stubXhr();
    const unanswered = publishCard(new FormData());
    (await sentRequest()).fail();
    expect(await unanswered).toEqual({ ok: false, error: SAVE_FAILED });
  });

  it('refuses an answer its contract does not describe rather than loading it into the editor', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const result = publishCard(new FormData());
    (await sentRequest()).answer(200, { success: true, message: 'Your page is Published!', data: {} });
    expect(await result).toEqual({ ok: false, error: SAVE_FAILED });
    expect(console).toHaveBeenCalled();
    console.mockRestore();
  });
});
