import path from 'node:path';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { CardContent } from '../../events/card/content';
import { MAX_PHOTOS, parseEnquiryForm } from '../../events/enquiry/input';
import { DomainError } from '../../events/errors';
import { enquiriesReceived, enquiriesRefused } from '../../observability/metrics';
import type { Db } from '../../platform/database/db';
import { renderNotFoundPage } from '../../renderer/pages/not-found-page';
import { renderNotLivePage } from '../../renderer/pages/not-live-page';
import { renderNotSetUpPage } from '../../renderer/pages/not-set-up-page';
import {
  type QuoteFormInput,
  renderQuoteFormPage,
  renderQuoteRefusedPage,
  renderQuoteSentPage,
  renderQuotesOffPage,
} from '../../renderer/pages/quote-pages';
import { quotePath } from '../../renderer/profile/QuoteLink';
import { displayName } from '../../renderer/profile/view-model';
import { addressForLimits } from '../auth/client-address';
import { findPublicPage, type PublicPage } from '../cards/public-page';
import type { Deps } from '../deps';
import {
  addressLimited,
  addressPageLimited,
  keptNotice,
  pageLimited,
  type QuoteRequester,
  quoteVerdict,
  STAMP_USED,
  stampUsed,
} from '../enquiries/limits';
import {
  chosenPhotos,
  mailJpegs,
  type PreparedPhotos,
  photoLabel,
  preparePhotos,
  storePhotos,
} from '../enquiries/photos';
import { type Delivery, recordEnquiry } from '../enquiries/record';
import { checkStamp, formStamp } from '../enquiries/stamp';
import { failedOnOurSide, honeypotRefusal, tooLargeMessage } from '../http/form-failures';
import { discardWrittenFiles } from '../media/files';
import { MAX_UPLOAD_BYTES } from '../media/intake';
import { type FormLimits, readUploadForm, TooLarge, type UploadForm } from '../media/upload-form';

/**
 * The quote form's pages run no script, as the profile page doesn't, and post only to their own address. Photos
 * chosen in the form are sent with it, not loaded into the page, so nothing but fonts and the favicon is fetched.
 */
export const QUOTE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Every photo at the editor's limit, plus room for the text fields and the parts' headers. */
export const QUOTE_UPLOAD_LIMIT = MAX_PHOTOS * MAX_UPLOAD_BYTES + 64 * 1024;

/** Name, contact, postcode, 2,000 characters of job in 4-byte characters at worst, the stamp: far under this. */
const QUOTE_TEXT_BYTES = 16 * 1024;

const TOO_MANY_PHOTOS = `You can send up to ${MAX_PHOTOS} photos. Please go back, choose ${MAX_PHOTOS} or fewer and send the form again.`;
const TOO_LARGE = `That’s more than the form can take. Each photo can be up to 10 MB, and you can send up to ${MAX_PHOTOS}. Please go back and choose smaller photos, or fewer.`;

const FORM_LIMITS: FormLimits = {
  photos: { photos: MAX_PHOTOS },
  textBytes: QUOTE_TEXT_BYTES,
  totalBytes: QUOTE_UPLOAD_LIMIT,
  messages: {
    tooMany: () => TOO_MANY_PHOTOS,
    notAPhotoField: () => 'Please send your request from the quote form.',
  },
};

/** Each spam check's answer: what happened, in words that tell a person what to do. */
const STAMP_REFUSALS = {
  forged: 'This form couldn’t be checked. Please open the quote form again and send your request from it.',
  too_fast:
    'That was sent quicker than anyone could fill in the form. Please wait a few seconds and send it again.',
  expired:
    'This form was opened more than a day ago. Please open the quote form again and send your request from it.',
} as const;
const IN_FLIGHT =
  'Your last request is still being sent. Please wait for it to finish, then send this one again.';

/**
 * Requests from one address being read and their photos prepared at once, in this process: a script can't keep the
 * photo threads busy for everyone else. Two, so two people sharing a mobile carrier's address can send at once.
 */
const IN_FLIGHT_PER_ADDRESS = 2;
const HONEYPOT_REFUSAL = honeypotRefusal('request');

type RefusalReason =
  | 'honeypot'
  | 'forged'
  | 'too_fast'
  | 'expired'
  | 'reused'
  | 'address_page_limit'
  | 'address_limit'
  | 'page_limit'
  | 'in_flight'
  | 'too_large'
  | 'bad_photo'
  | 'invalid'
  | 'no_page';

/** A request refused as a whole: answered with the refusal page, counted by its reason. */
class Refused extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly reason: RefusalReason,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

type QuotePage = {
  accountId: string;
  ownerName: string;
  ownerEmail: string;
  username: string;
  content: CardContent;
};

type FoundQuotePage = { page: QuotePage; open: boolean } | { page: null; status: PublicPage };

/** The page a form belongs to, when it is live, and whether its owner takes quote requests; else what it is. */
async function findQuotePage(db: Db, username: string): Promise<FoundQuotePage> {
  const found = await findPublicPage(db, username);
  if (found.kind !== 'live') return { page: null, status: found };
  const { user, content } = found;
  const page = { accountId: user.id, ownerName: user.name, ownerEmail: user.email, username, content };
  return { page, open: content.quotes_enabled };
}

/**
 * Issue 17: `/u/<name>/quote`, a customer's quote request to the page's owner, with no script (ADR 030 §3). The
 * form is drawn per request, with a time signed as it is shown; the page itself stays a static file. Spam is held
 * off here, with no third party: a field only a program fills in, the signed time (too soon or a day late is
 * refused), limits per address and per page, and the body's size. Every refusal is a page saying what to do, and
 * leaves no event, no mail and no file behind.
 */
export function quoteFormRoutes(deps: Deps, siteName: string) {
  const app = new Hono();
  const tempRoot = path.join(deps.dataDir, 'tmp');
  const headers = { 'Content-Security-Policy': QUOTE_CSP, 'Cache-Control': 'private, no-store' };
  const page = (c: Context, html: string, status: ContentfulStatusCode = 200) =>
    c.html(html, status, headers);

  /** No form here: said as the page itself says it (SPEC §2), or that its owner takes no requests. */
  const notFound = (c: Context, username: string, found: FoundQuotePage) => {
    const shown = { username: username.slice(0, 64), siteName };
    if (found.page) return page(c, renderQuotesOffPage({ ...found.page, siteName }), 404);
    const kind = found.status.kind;
    const html =
      kind === 'not-live'
        ? renderNotLivePage(shown)
        : kind === 'not-set-up'
          ? renderNotSetUpPage(shown)
          : renderNotFoundPage(shown);
    return page(c, html, 404);
  };

  /** `counted`: false for a form not shown (GET), which refuses no request. */
  const refusal = (c: Context, quote: QuotePage, refused: Refused, counted = true) => {
    if (counted) enquiriesRefused.inc({ reason: refused.reason });
    if (refused.retryAfterSeconds) c.header('Retry-After', String(refused.retryAfterSeconds));
    return page(c, renderQuoteRefusedPage({ ...quote, siteName, message: refused.message }), refused.status);
  };

  const form = (c: Context, input: Omit<QuoteFormInput, 'siteName'>, status: ContentfulStatusCode = 200) =>
    page(c, renderQuoteFormPage({ ...input, siteName }), status);

  /** Requests being read and prepared now, by address key: see IN_FLIGHT_PER_ADDRESS. */
  const inFlight = new Map<string, number>();

  // Told before typing: a form that can't be sent from here is not shown, and one that will be kept says so.
  app.get('/u/:username/quote', async (c) => {
    const username = c.req.param('username').toLowerCase();
    const found = await findQuotePage(deps.db, username);
    if (!found.page || !found.open) return notFound(c, username, found);
    const quote = found.page;
    const requester = { accountId: quote.accountId, addressKey: addressForLimits(c, deps) };
    try {
      const delivery = await deliveryOf(deps.db, quote, requester, deps.now());
      const kept = delivery === 'keep' ? keptNotice(displayName(quote.content, username)) : undefined;
      return form(c, { ...quote, stamp: formStamp(deps.secret, username, deps.now()), kept });
    } catch (error) {
      if (error instanceof Refused) return refusal(c, quote, error, false);
      throw error;
    }
  });

  app.get('/u/:username/quote/sent', async (c) => {
    const username = c.req.param('username').toLowerCase();
    const found = await findQuotePage(deps.db, username);
    if (!found.page) return notFound(c, username, found);
    return page(c, renderQuoteSentPage({ ...found.page, siteName, kept: c.req.query('kept') !== undefined }));
  });

  app.post('/u/:username/quote', async (c) => {
    const username = c.req.param('username').toLowerCase();
    const found = await findQuotePage(deps.db, username);
    if (!found.page || !found.open) {
      enquiriesRefused.inc({ reason: 'no_page' });
      // Unread: the server drops the rest of the body, and the connection is not reused for what follows.
      c.header('Connection', 'close');
      return notFound(c, username, found);
    }
    const quote = found.page;
    let upload: UploadForm | undefined;
    let photos: PreparedPhotos | undefined;
    const created: string[] = [];
    let holding: string | undefined;
    try {
      if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
        throw new Refused(400, 'invalid', 'Please send your request from the quote form.');
      if (Number(c.req.header('content-length') ?? 0) > QUOTE_UPLOAD_LIMIT) throw new TooLarge(TOO_LARGE);
      // The cheap checks first: a request over a limit is refused before its body is read.
      const addressKey = addressForLimits(c, deps);
      const requester = { accountId: quote.accountId, addressKey };
      await deliveryOf(deps.db, quote, requester, deps.now());
      if ((inFlight.get(addressKey) ?? 0) >= IN_FLIGHT_PER_ADDRESS)
        throw new Refused(429, 'in_flight', IN_FLIGHT, 5);
      holding = addressKey;
      inFlight.set(addressKey, (inFlight.get(addressKey) ?? 0) + 1);

      upload = await readUploadForm(c.req.raw, tempRoot, FORM_LIMITS, (_, index) => photoLabel(index));
      const { values } = upload;
      // Our form always sends the hidden field, empty: filled in, or missing, the request came from elsewhere.
      if (typeof values.website !== 'string' || values.website !== '')
        throw new Refused(400, 'honeypot', HONEYPOT_REFUSAL);
      const stamped = checkStamp(deps.secret, username, values.stamp, deps.now());
      if (stamped.result === 'forged' || stamped.result === 'expired')
        throw new Refused(400, stamped.result, STAMP_REFUSALS[stamped.result]);
      const { nonce } = stamped;
      if (await stampUsed(deps.db, nonce, deps.now())) throw new Refused(400, 'reused', STAMP_USED);

      const chosen = await chosenPhotos(upload);
      const input = parseEnquiryForm(values);
      /** The form again, with what was typed and what to do; its signed time is kept, and old enough by then. */
      const again = (
        reason: RefusalReason,
        fixes: Pick<QuoteFormInput, 'errors' | 'problem' | 'notice'> = {},
      ) => {
        enquiriesRefused.inc({ reason });
        const stamp = values.stamp as string;
        return form(
          c,
          { ...quote, stamp, values: input.values, hadPhotos: chosen.length > 0, ...fixes },
          400,
        );
      };
      // A person quick with autofill may be this fast too: they keep what they typed and send it again.
      if (stamped.result === 'too_fast') return again('too_fast', { notice: STAMP_REFUSALS.too_fast });
      if (!input.ok) return again('invalid', { errors: input.errors });
      try {
        photos = await preparePhotos(deps, chosen);
      } catch (error) {
        if (!(error instanceof DomainError && error.kind === 'invalid')) throw error;
        return again('bad_photo', { problem: error.message });
      }
      await storePhotos(deps.storage, photos.prepared, created);
      const attachments = await mailJpegs(deps.storage, photos.prepared);

      const now = deps.now();
      const delivery = await recordEnquiry(
        deps,
        { ...quote, fields: input.fields, photos, attachments, addressKey, nonce },
        now,
        // Again, with the page, the address and the form locked: requests sent at once count one after another.
        async (trx) => {
          if (await stampUsed(trx, nonce, now)) throw new Refused(400, 'reused', STAMP_USED);
          return deliveryOf(trx, quote, requester, now);
        },
      );
      // Committed: the files are the enquiry's now.
      created.length = 0;
      if (delivery === 'mail') deps.mailQueued();
      enquiriesReceived.inc({ delivery });
      return c.redirect(`${quotePath(username)}/sent${delivery === 'keep' ? '?kept' : ''}`, 303);
    } catch (error) {
      if (error instanceof Refused) return refusal(c, quote, error);
      if (error instanceof TooLarge)
        return refusal(c, quote, new Refused(413, 'too_large', tooLargeMessage(c, error, TOO_LARGE)));
      // The form itself could not be read as one of ours (too many photos, a file under another name, garbled).
      if (error instanceof DomainError && error.kind === 'invalid')
        return refusal(c, quote, new Refused(400, 'invalid', error.message));
      const { message, status } = failedOnOurSide(c, error, 'request');
      return page(c, renderQuoteRefusedPage({ ...quote, siteName, message }), status);
    } finally {
      if (holding !== undefined) {
        const left = (inFlight.get(holding) ?? 1) - 1;
        if (left > 0) inFlight.set(holding, left);
        else inFlight.delete(holding);
      }
      // Released first: a file still held is one the clean-up below leaves alone.
      photos?.release();
      await discardWrittenFiles(deps.storage, created);
      await upload?.discard();
    }
  });

  return app;
}

/** How a request from this address to this page is delivered now (mailed or kept), or Refused with how long to wait. */
async function deliveryOf(db: Db, quote: QuotePage, requester: QuoteRequester, now: Date): Promise<Delivery> {
  const verdict = await quoteVerdict(db, requester, now);
  if (verdict.kind !== 'refuse') return verdict.kind;
  const name = displayName(quote.content, quote.username);
  const message =
    verdict.reason === 'address_page_limit'
      ? addressPageLimited(name)
      : verdict.reason === 'address_limit'
        ? addressLimited(verdict.seconds)
        : pageLimited(name);
  throw new Refused(429, verdict.reason, message, verdict.seconds);
}
