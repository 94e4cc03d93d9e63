import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NO_RESPONSE } from '../../lib/api';
import {
  attachmentName,
  DOWNLOAD_CUT_SHORT,
  DOWNLOAD_FAILED,
  EXPORT_URL,
  fetchExport,
} from './download-data';

afterEach(() => {
  vi.unstubAllGlobals();
});

const refusal = async (answer: () => Promise<Response>) => {
  vi.stubGlobal('fetch', vi.fn(answer));
  return fetchExport().then(
    () => null,
    (error: unknown) => error,
  );
};

describe('the file name of a download', () => {
  it("is the server's", () => {
    expect(attachmentName('attachment; filename="tradecard-dana-2026-11-22.zip"')).toBe(
      'tradecard-dana-2026-11-22.zip',
    );
  });

  it('is a plain one when the server gives none, or one that is not a zip', () => {
    expect(attachmentName(null)).toBe('tradecard-data.zip');
    expect(attachmentName('attachment; filename="page.html"')).toBe('tradecard-data.zip');
  });

  it('keeps no character that could leave the downloads folder', () => {
    expect(attachmentName('attachment; filename="../../x/dana.zip"')).toBe('....xdana.zip');
  });
});

describe('fetching the export', () => {
  it('gives the zip and its name, asking with the session cookie', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([0x50, 0x4b, 5, 6]), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="tradecard-dana-2026-11-22.zip"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const { name, zip } = await fetchExport();
    expect(name).toBe('tradecard-dana-2026-11-22.zip');
    expect(zip.size).toBe(4);
    // SPEC §7: a /profile address carries a ts parameter.
    expect(fetch).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^${EXPORT_URL}\\?ts=\\d+$`)), {
      credentials: 'same-origin',
    });
  });

  it("shows the server's reason for a refusal, with its status", async () => {
    const error = 'You’ve downloaded your data several times just now. Please try again in 15 minutes.';
    const refused = await refusal(async () => new Response(JSON.stringify({ error }), { status: 429 }));
    expect(refused).toEqual(new ApiError(error, 429));
    expect((refused as ApiError).status).toBe(429);
  });

  it('says to try again when there is no reason, no answer, or the zip stops part-way', async () => {
    expect(await refusal(async () => new Response('Bad gateway', { status: 502 }))).toEqual(
      new ApiError(DOWNLOAD_FAILED, 502),
    );
    const offline = await refusal(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect((offline as ApiError).status).toBe(NO_RESPONSE);
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x50, 0x4b]));
        controller.error(new Error('the server could not read a photo'));
      },
    });
    expect(await refusal(async () => new Response(broken))).toEqual(new ApiError(DOWNLOAD_CUT_SHORT, 200));
  });
});
