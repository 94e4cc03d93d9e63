import { type PublishedAnswer, publishedAnswer } from '../../../../contract/card';
import { errorText } from '../../lib/api';
export const PUBLISHED = 'Your page is Published!';
export const SAVE_FAILED = 'Something went wrong while saving.';
export const NO_CHANGES = "You haven't made any changes.";

export type PublishResult = { ok: true; card: PublishedAnswer['data'] } | { ok: false; error: string };
/** Bytes of the request body sent so far, of `total`. */
export type UploadProgress = { loaded: number; total: number };

const ENDPOINT = '/api/business-card/create_business_card';

/** The answer's status and JSON body (`{}` when it has none), or null when no answer came. */
function send(form: FormData, onProgress: (progress: UploadProgress) => void) {
  return new Promise<{ status: number; body: unknown } | null>((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', ENDPOINT);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      let body: unknown = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status decides.
      }
      resolve({ status: request.status, body });
    });
    for (const failure of ['error', 'abort', 'timeout'] as const)
      request.addEventListener(failure, () => resolve(null));
    request.send(form);
  });
}

/**
 * POST /api/business-card/create_business_card as multipart. XMLHttpRequest rather than fetch: it is the one way a
 * browser reports how much of a request body has gone (fetch streams uploads over HTTP/2 only), and the editor
 * shows each photo's progress. The browser sets the multipart boundary itself, and the session cookie goes as it
 * does with any same-origin request (ADR 015). SPEC §8: the server's error text when it sends one, else the
 * editor's fallback.
 */
export async function publishCard(
  form: FormData,
  onProgress: (progress: UploadProgress) => void = () => {},
): Promise<PublishResult> {
  const answer = await send(form, onProgress);
  if (!answer) return { ok: false, error: SAVE_FAILED };
  const error = errorText(answer.body);
  const ok = answer.status >= 200 && answer.status < 300;
  if (!ok || error !== null) return { ok: false, error: error || SAVE_FAILED };
  const published = publishedAnswer.safeParse(answer.body);
  if (!published.success) {
    console.error(
      "The API's answer to a publish is not the one its contract describes:",
      published.error.issues,
    );
    return { ok: false, error: SAVE_FAILED };
  }
  return { ok: true, card: published.data.data };
}
