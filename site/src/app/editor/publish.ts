import { type PublishedAnswer, publishedAnswer } from '../../../../contract/card';
import { errorText } from '../../lib/api';
export const PUBLISHED = 'Your page is Published!';
export const SAVE_FAILED = 'Something went wrong while saving.';
export const NO_CHANGES = "You haven't made any changes.";

export type PublishResult = { ok: true; card: PublishedAnswer['data'] } | { ok: false; error: string };

/**
 * POST /api/business-card/create_business_card as multipart (callApi only speaks JSON). The browser sets the
 * multipart boundary itself, so no content-type header is given. SPEC §8: the server's error text when it sends
 * one, else the editor's fallback.
 */
export async function publishCard(form: FormData): Promise<PublishResult> {
  let response: Response;
  try {
    response = await fetch('/api/business-card/create_business_card', {
      method: 'POST',
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    return { ok: false, error: SAVE_FAILED };
  }
  const body: unknown = await response.json().catch(() => ({}));
  const error = errorText(body);
  if (!response.ok || error !== null) return { ok: false, error: error || SAVE_FAILED };
  const published = publishedAnswer.safeParse(body);
  if (!published.success) {
    console.error(
      "The API's answer to a publish is not the one its contract describes:",
      published.error.issues,
    );
    return { ok: false, error: SAVE_FAILED };
  }
  return { ok: true, card: published.data.data };
}
