import type { Context } from 'hono';
import { log } from '../../observability/log';
import { TEXT_TOO_LARGE, type TooLarge, UPLOAD_TOO_LARGE } from '../media/upload-form';
import { DISK_FULL_MESSAGE, STORAGE_FAILED_MESSAGE, storageTrouble } from './errors';
import { requestFields } from './request-log';

// What the no-script forms (the quote form, issue 17; the review form, issue 30) say when a post fails as a whole.
// `what` names the thing sent, as the sentence has it: "request", "review".

/** The hidden field only a program fills in, filled in. */
export const honeypotRefusal = (what: string) =>
  `Your ${what} looked like it came from a program rather than a person. If you are a person, please leave the field marked “Leave this empty” empty, and send the form again.`;

/**
 * A body over its limit: a photo over its own is named ("Photo 2 is larger than 10 MB…"); a body too big as a whole
 * gets the form's own sentence. The client may still be sending, so the connection is not reused.
 */
export function tooLargeMessage(c: Context, error: TooLarge, whole: string): string {
  c.header('Connection', 'close');
  return error.message !== TEXT_TOO_LARGE && error.message !== UPLOAD_TOO_LARGE ? error.message : whole;
}

/** Anything else: logged, and said with the status and wait it means (a full or failing disk is a 503). */
export function failedOnOurSide(c: Context, error: unknown, what: string) {
  const trouble = storageTrouble(error);
  log.error({ err: error, ...requestFields(c) }, `A ${what} failed`);
  c.header('Retry-After', '60');
  const message = trouble
    ? `${trouble === 'full' ? DISK_FULL_MESSAGE : STORAGE_FAILED_MESSAGE} Your ${what} wasn’t sent.`
    : `Something went wrong on our side and your ${what} wasn’t sent. Please try again in a few minutes.`;
  return { message, status: trouble ? (503 as const) : (500 as const) };
}
