import path from 'node:path';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { handleCommand } from '../../events/command';
import { redactStream } from '../../events/erasure';
import { DomainError } from '../../events/errors';
import { reviewDecider } from '../../events/review/decider';
import { reviewStreamId } from '../../events/review/events';
import {
  defaultDisplayName,
  MAX_REVIEW_PHOTOS,
  parseReviewForm,
  type ReviewInput,
} from '../../events/review/input';
import { findReviewByToken, reviewPhotosOf } from '../../events/review/reviews-read-model';
import { renderNotFoundPage } from '../../renderer/pages/not-found-page';
import {
  type ReviewFormInput,
  renderReviewFormPage,
  renderReviewRefusedPage,
  renderReviewRemovedPage,
  renderReviewRemovePage,
  renderReviewSentPage,
  reviewFormPath,
} from '../../renderer/pages/review-pages';
import type { Deps } from '../deps';
import {
  chosenPhotos,
  type PreparedPhotos,
  photoLabel,
  preparePhotos,
  storePhotos,
} from '../enquiries/photos';
import { checkStamp, formStamp } from '../enquiries/stamp';
import { failedOnOurSide, honeypotRefusal, tooLargeMessage } from '../http/form-failures';
import { enqueueMail, forgetMailAbout } from '../mail/queue';
import { reviewReceivedMail } from '../mail/review-templates';
import { deleteUnusedMedia } from '../media/erase';
import { discardWrittenFiles, recordMediaFiles } from '../media/files';
import { MAX_UPLOAD_BYTES } from '../media/intake';
import { type FormLimits, readUploadForm, TooLarge, type UploadForm } from '../media/upload-form';
import { findReviewPage, linkRefusal, NOT_SENT, Refused, type ReviewPage, refusalOf } from '../reviews/link';
import { reviewTokenHash } from '../reviews/request';
import { QUOTE_CSP } from './quote-form';

/** Every photo at the editor's limit, plus room for the text fields and the parts' headers. */
export const REVIEW_UPLOAD_LIMIT = MAX_REVIEW_PHOTOS * MAX_UPLOAD_BYTES + 64 * 1024;
const REVIEW_TEXT_BYTES = 16 * 1024;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

const TOO_LARGE = `That’s more than the form can take. Each photo can be up to 10 MB, and you can send up to ${MAX_REVIEW_PHOTOS}. Please go back and choose smaller photos, or fewer.`;
const FORM_LIMITS: FormLimits = {
  photos: { photos: MAX_REVIEW_PHOTOS },
  textBytes: REVIEW_TEXT_BYTES,
  totalBytes: REVIEW_UPLOAD_LIMIT,
  messages: {
    tooMany: () =>
      `You can send up to ${MAX_REVIEW_PHOTOS} photos. Please go back, choose ${MAX_REVIEW_PHOTOS} or fewer and send your review again.`,
    notAPhotoField: () => 'Please send your review from the review form.',
  },
};
const STAMP_REFUSALS = {
  forged: 'This form couldn’t be checked. Please open your review link again and send your review from it.',
  too_fast: 'That was sent quicker than anyone could fill in the form. Please check it and send it again.',
  expired:
    'This form was opened more than a day ago. Please open your review link again and send it from there.',
} as const;
const HONEYPOT_REFUSAL = honeypotRefusal('review');
const IN_FLIGHT = 'Your review is still being sent. Please wait for it to finish.';

/**
 * Issue 30: `/u/<name>/review/<token>`, the customer's review through the single-use link the owner sent, with no
 * script. Spam is held off as on the quote form (a field only a program fills in, the signed time, the body's size),
 * and by the link itself: unguessable, used once, 30 days. Every refusal is a page with the status it means, and
 * leaves no event and no file behind. `/remove` is the customer's own way to take the review down again.
 */
export function reviewFormRoutes(deps: Deps, siteName: string) {
  const app = new Hono();
  const tempRoot = path.join(deps.dataDir, 'tmp');
  const headers = { 'Content-Security-Policy': QUOTE_CSP, 'Cache-Control': 'private, no-store' };
  const html = (c: Context, body: string, status: ContentfulStatusCode = 200) =>
    c.html(body, status, headers);
  const inFlight = new Set<string>();

  /** The link's page and review, or the answer for a link that isn't one of this page's. */
  const lookUp = async (c: Context) => {
    const username = c.req.param('username')?.toLowerCase() ?? '';
    const token = c.req.param('token') ?? '';
    const page = await findReviewPage(deps, username);
    if (!page)
      return { answer: html(c, renderNotFoundPage({ username: username.slice(0, 64), siteName }), 404) };
    const found = TOKEN.test(token) ? await findReviewByToken(deps.db, reviewTokenHash(token)) : undefined;
    // Another page's link under this name is as unknown as a made-up one.
    const review = found?.account_id === page.accountId ? found : undefined;
    return { page: { ...page, siteName }, review, token, username };
  };

  const refusal = (c: Context, page: ReviewPage & { siteName: string }, refused: Refused) =>
    html(
      c,
      renderReviewRefusedPage({ ...page, title: refused.title, message: refused.message }),
      refused.status,
    );

  const form = (
    c: Context,
    page: ReviewPage & { siteName: string },
    fields: Omit<ReviewFormInput, keyof ReviewPage | 'siteName'>,
    status: ContentfulStatusCode = 200,
  ) => html(c, renderReviewFormPage({ ...page, ...fields }), status);

  app.get('/u/:username/review/:token', async (c) => {
    const found = await lookUp(c);
    if ('answer' in found) return found.answer;
    const { page, review, token, username } = found;
    const refused = linkRefusal(review, deps.now());
    if (refused || !review) return refusal(c, page, refused as Refused);
    return form(c, page, {
      token,
      stamp: formStamp(deps.secret, username, deps.now()),
      job: review.job,
      values: {
        rating: '',
        text: '',
        displayName: defaultDisplayName(review.customer_name),
        consent: false,
      },
    });
  });

  app.get('/u/:username/review/:token/sent', async (c) => {
    const found = await lookUp(c);
    if ('answer' in found) return found.answer;
    const { page, review, token, username } = found;
    if (review?.status !== 'received') return refusal(c, page, linkRefusal(review, deps.now()) as Refused);
    return html(
      c,
      renderReviewSentPage({ ...page, removeHref: `${reviewFormPath(username, token)}/remove` }),
    );
  });

  app.post('/u/:username/review/:token', async (c) => {
    const found = await lookUp(c);
    if ('answer' in found) {
      c.header('Connection', 'close');
      return found.answer;
    }
    const { page, review, token, username } = found;
    let upload: UploadForm | undefined;
    let photos: PreparedPhotos | undefined;
    const created: string[] = [];
    let holding = false;
    try {
      const refused = linkRefusal(review, deps.now());
      if (refused || !review) throw refused;
      if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
        throw new Refused(400, NOT_SENT, 'Please send your review from the review form.');
      if (Number(c.req.header('content-length') ?? 0) > REVIEW_UPLOAD_LIMIT) throw new TooLarge(TOO_LARGE);
      if (inFlight.has(review.review_id)) throw new Refused(429, NOT_SENT, IN_FLIGHT);
      inFlight.add(review.review_id);
      holding = true;

      upload = await readUploadForm(c.req.raw, tempRoot, FORM_LIMITS, (_, index) => photoLabel(index));
      const { values } = upload;
      if (typeof values.website !== 'string' || values.website !== '')
        throw new Refused(400, NOT_SENT, HONEYPOT_REFUSAL);
      const stamped = checkStamp(deps.secret, username, values.stamp, deps.now());
      if (stamped.result === 'forged' || stamped.result === 'expired')
        throw new Refused(400, NOT_SENT, STAMP_REFUSALS[stamped.result]);
      const chosen = await chosenPhotos(upload);
      const input: ReviewInput = parseReviewForm(values, page.ownerName);
      const again = (fixes: Pick<ReviewFormInput, 'errors' | 'problem' | 'notice'>) =>
        form(
          c,
          page,
          {
            token,
            stamp: values.stamp as string,
            job: review.job,
            values: input.values,
            hadPhotos: chosen.length > 0,
            ...fixes,
          },
          400,
        );
      if (stamped.result === 'too_fast') return again({ notice: STAMP_REFUSALS.too_fast });
      if (!input.ok) return again({ errors: input.errors });
      try {
        photos = await preparePhotos(deps, chosen);
      } catch (error) {
        if (!(error instanceof DomainError && error.kind === 'invalid')) throw error;
        return again({ problem: error.message });
      }
      await storePhotos(deps.storage, photos.prepared, created);
      const prepared = photos;
      const now = deps.now();
      const streamId = reviewStreamId(review.review_id);
      const removeUrl = `${deps.publicUrl}${reviewFormPath(username, token)}/remove`;
      await handleCommand(deps.db, {
        decider: reviewDecider,
        streamId,
        command: {
          type: 'SubmitReview',
          tokenHash: review.token_hash,
          ...input.fields,
          photos: prepared.refs,
        },
        now,
        alsoInTransaction: async (trx) => {
          await recordMediaFiles(trx, prepared.prepared, now);
          if (!review.email) return;
          const mail = reviewReceivedMail({
            customerName: review.customer_name,
            ownerName: page.ownerName,
            pageUrl: `${deps.publicUrl}/u/${username}`,
            removeUrl,
          });
          await enqueueMail(trx, { to: review.email, ...mail }, now, streamId);
        },
      });
      created.length = 0;
      deps.onAppended();
      if (review.email) deps.mailQueued();
      return c.redirect(`${reviewFormPath(username, token)}/sent`, 303);
    } catch (error) {
      // Refused before its body was read: the server drops the rest, and the connection is not reused.
      if (!upload) c.header('Connection', 'close');
      if (error instanceof Refused) return refusal(c, page, error);
      if (error instanceof DomainError && error.kind !== 'invalid') return refusal(c, page, refusalOf(error));
      if (error instanceof TooLarge)
        return refusal(c, page, new Refused(413, NOT_SENT, tooLargeMessage(c, error, TOO_LARGE)));
      if (error instanceof DomainError) return refusal(c, page, new Refused(400, NOT_SENT, error.message));
      const { message, status } = failedOnOurSide(c, error, 'review');
      return html(c, renderReviewRefusedPage({ ...page, title: NOT_SENT, message }), status);
    } finally {
      if (holding && review) inFlight.delete(review.review_id);
      photos?.release();
      await discardWrittenFiles(deps.storage, created);
      await upload?.discard();
    }
  });

  app.get('/u/:username/review/:token/remove', async (c) => {
    const found = await lookUp(c);
    if ('answer' in found) return found.answer;
    const { page, review, token, username } = found;
    if (review?.status !== 'received') return refusal(c, page, linkRefusal(review, deps.now()) as Refused);
    const action = `${reviewFormPath(username, token)}/remove`;
    return html(
      c,
      renderReviewRemovePage({ ...page, action, stamp: formStamp(deps.secret, username, deps.now()) }),
    );
  });

  // Only the signed stamp is posted: anything longer is not our form.
  const removeLimit = bodyLimit({
    maxSize: 4096,
    onError: (c) =>
      c.html('<!doctype html><title>Too large</title><p>That request was too large.</p>', 413, headers),
  });
  app.post('/u/:username/review/:token/remove', removeLimit, async (c) => {
    const found = await lookUp(c);
    if ('answer' in found) return found.answer;
    const { page, review } = found;
    // Removed already (a second tap): said as done.
    if (!review) return html(c, renderReviewRemovedPage(page));
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const stamped = checkStamp(
      deps.secret,
      found.username,
      (form as Record<string, unknown>).stamp,
      deps.now(),
    );
    if (stamped.result === 'forged' || stamped.result === 'expired')
      return refusal(c, page, new Refused(400, 'Your review wasn’t removed', STAMP_REFUSALS[stamped.result]));
    const streamId = reviewStreamId(review.review_id);
    try {
      await handleCommand(deps.db, {
        decider: reviewDecider,
        streamId,
        command: { type: 'WithdrawReview', tokenHash: review.token_hash },
        now: deps.now(),
        alsoInTransaction: async (trx) => {
          await redactStream(trx, streamId);
          await forgetMailAbout(trx, streamId);
        },
      });
    } catch (error) {
      if (error instanceof DomainError) return refusal(c, page, refusalOf(error));
      throw error;
    }
    deps.onAppended();
    await deleteUnusedMedia(deps.db, deps.storage, new Set(reviewPhotosOf(review).map((photo) => photo.id)));
    return html(c, renderReviewRemovedPage(page));
  });

  return app;
}
