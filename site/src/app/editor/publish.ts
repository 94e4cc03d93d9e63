import { type PublishedAnswer, publishedAnswer } from '../../../../contract/card';
import { errorText } from '../../lib/api';
import { sendForm } from './send-form';
export const PUBLISHED = 'Your page is Published!';
export const SAVE_FAILED = 'Something went wrong while saving.';
export const NO_CHANGES = "You haven't made any changes.";

export type PublishResult = { ok: true; card: PublishedAnswer['data'] } | { ok: false; error: string };

const ENDPOINT = '/api/business-card/create_business_card';

/**
 * POST /api/business-card/create_business_card: the card's text and its photos' addresses (the photos went up as
 * they were picked). SPEC §8: the server's error text when it sends one, else the editor's fallback.
 */
export async function publishCard(form: FormData): Promise<PublishResult> {
  const answer = await sendForm(ENDPOINT, form);
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
