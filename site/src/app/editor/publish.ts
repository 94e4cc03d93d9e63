import { type PublishedAnswer, publishedAnswer } from '../../../../contract/card';
import { errorText } from '../../lib/api';
import { sendForm } from './send-form';
export const PUBLISHED = 'Your page is Published!';
export const SAVE_FAILED = 'Something went wrong while saving.';
export const NO_CHANGES = "You haven't made any changes.";

export type PublishResult = { ok: true; card: PublishedAnswer['data'] } | { ok: false; error: string };

const ENDPOINT = '/api/business-card/create_business_card';

/**
 * A 503 says the service can't save for a moment (its database restarting, a disk the operator is freeing): the
 * publish is sent again by itself, after the wait the answer asks for, this many times before the person is told.
 */
export const PUBLISH_RETRIES = 4;
const DEFAULT_WAIT_SECONDS = 5;
const MAX_WAIT_SECONDS = 30;

export type PublishRetry = { seconds: number; attempt: number };

export const retryingText = (seconds: number) =>
  `The service can't save for a moment. Your changes are kept; trying again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}…`;

const pause = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * POST /api/business-card/create_business_card: the card's text and its photos' addresses (the photos went up as
 * they were picked). SPEC §8: the server's error text when it sends one, else the editor's fallback. A 503 is sent
 * again by itself (PUBLISH_RETRIES), each wait told through `onRetry`.
 */
export async function publishCard(
  form: FormData,
  onRetry: (retry: PublishRetry) => void = () => {},
  wait: (seconds: number) => Promise<void> = pause,
): Promise<PublishResult> {
  let answer = await sendForm(ENDPOINT, form);
  for (let attempt = 1; answer?.status === 503 && attempt <= PUBLISH_RETRIES; attempt += 1) {
    const seconds = Math.min(MAX_WAIT_SECONDS, answer.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS);
    onRetry({ seconds, attempt });
    await wait(seconds);
    answer = await sendForm(ENDPOINT, form);
  }
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
