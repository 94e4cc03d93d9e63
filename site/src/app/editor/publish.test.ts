import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardAnswer } from '../../../../tests/support/site/card-answer';
import { FakeXhr, sentRequest, stubXhr } from '../../../../tests/support/site/fake-xhr';
import { NO_CHANGES, PUBLISH_RETRIES, type PublishRetry, publishCard, SAVE_FAILED } from './publish';

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

  it('sends a publish again by itself while the service answers 503, after the wait it asks for (at most 30 s)', async () => {
    const card = cardAnswer({ main_heading: 'Pipe Dreams' });
    const told: PublishRetry[] = [];
    const waited: number[] = [];
    const result = publishCard(
      new FormData(),
      (retry) => told.push(retry),
      async (seconds) => {
        waited.push(seconds);
      },
    );
    const away = { error: 'The service cannot reach its database for a moment.' };
    const nextRequest = async () => {
      const request = await sentRequest();
      FakeXhr.last = null;
      return request;
    };
    (await nextRequest()).answer(503, away, { 'Retry-After': '5' });
    (await nextRequest()).answer(503, away, { 'Retry-After': '600' });
    (await nextRequest()).answer(200, { success: true, message: 'Your page is Published!', data: card });
    expect(await result).toEqual({ ok: true, card });
    expect(told).toEqual([
      { seconds: 5, attempt: 1 },
      { seconds: 30, attempt: 2 },
    ]);
    expect(waited).toEqual([5, 30]);
  });

  it('tells the server’s words once the 503s outlast its tries, and never sends again after any other answer', async () => {
    let sent = 0;
    const result = publishCard(
      new FormData(),
      () => {},
      async () => {},
    );
    for (let i = 0; i <= PUBLISH_RETRIES; i += 1) {
      const request = await sentRequest();
      FakeXhr.last = null;
      sent += 1;
      request.answer(503, { error: 'Please try again in a few seconds.' });
    }
    expect(await result).toEqual({ ok: false, error: 'Please try again in a few seconds.' });
    expect(sent).toBe(PUBLISH_RETRIES + 1);
    const refused = publishCard(new FormData(), () => {
      throw new Error('a 400 is not tried again');
    });
    (await sentRequest()).answer(400, { error: NO_CHANGES });
    expect(await refused).toEqual({ ok: false, error: NO_CHANGES });
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
