import { Hono } from 'hono';
import { z } from 'zod';
import { type EnquiriesAnswer, type EnquiryUpdatedAnswer, enquiryStatuses } from '../../contract/enquiry';
import type { MessageAnswer } from '../../contract/message';
import type { ReviewLinkAnswer } from '../../contract/review';
import { handleCommand } from '../../events/command';
import { ENQUIRY_NOT_FOUND, enquiryDecider } from '../../events/enquiry/decider';
import { enquiriesOfAccount, findEnquiry } from '../../events/enquiry/enquiries-read-model';
import { enquiryStreamId } from '../../events/enquiry/events';
import { DomainError } from '../../events/errors';
import { findShownCardContent } from '../../events/firm/branded-card';
import { reviewedEnquiry } from '../../events/review/reviews-read-model';
import { quotePath } from '../../renderer/profile/QuoteLink';
import { findUserById } from '../accounts/users';
import { requireUser, SESSION_EXPIRED } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { deleteEnquiry } from '../enquiries/erase';
import { enquiryJson } from '../enquiries/json';
import { readJson } from '../http/validate';
import { askingOwner, requestReview } from '../reviews/request';

const ENQUIRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const statusBody = z.object(
  { status: z.enum(enquiryStatuses, { error: 'Please choose a status: new, replied, won or lost.' }) },
  { error: 'Request body must be a JSON object.' },
);

/** What a review shows of the job: the request's first line, short. */
const jobTitle = (job: string) => {
  const line = job.trim().split(/\r?\n/)[0]?.trim() ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line || null;
};

/** Issue 17: the signed-in owner's quote requests (on /enquiries), and how far each has got. */
export function enquiryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(deps);

  app.get('/', signedIn, async (c) => {
    const accountId = c.get('accountId');
    const [user, rows, content] = await Promise.all([
      findUserById(deps.db, accountId),
      enquiriesOfAccount(deps.db, accountId),
      findShownCardContent(deps.db, accountId),
    ]);
    if (!user) throw new DomainError('unauthorised', SESSION_EXPIRED);
    return c.json({
      success: true,
      data: rows.map(enquiryJson),
      // A card not yet published takes requests once it is: the switch's default.
      quoteForm: {
        enabled: content?.quotes_enabled ?? true,
        url: `${deps.publicUrl}${quotePath(user.username)}`,
      },
    } satisfies EnquiriesAnswer);
  });

  /** The owner's own enquiry only: anyone else's, or none, is answered as not found. */
  app.post('/:id/status', signedIn, async (c) => {
    const accountId = c.get('accountId');
    const enquiryId = c.req.param('id').toLowerCase();
    if (!ENQUIRY_ID.test(enquiryId)) throw new DomainError('not_found', ENQUIRY_NOT_FOUND);
    const { status } = await readJson(c, statusBody);
    await handleCommand(deps.db, {
      decider: enquiryDecider,
      streamId: enquiryStreamId(enquiryId),
      command: { type: 'ChangeEnquiryStatus', status, by: accountId },
      now: deps.now(),
    });
    const row = await findEnquiry(deps.db, enquiryId);
    if (!row) throw new DomainError('not_found', ENQUIRY_NOT_FOUND);
    return c.json({
      success: true,
      message: `The enquiry from ${row.name} is marked ${status}.`,
      data: enquiryJson(row),
    } satisfies EnquiryUpdatedAnswer);
  });

  /**
   * Issue 30: a review link for the customer who sent this enquiry, mailed to them when they gave an address. Once
   * they have left a review, no second link: one review a customer.
   */
  app.post('/:id/review-request', signedIn, async (c) => {
    const accountId = c.get('accountId');
    const enquiryId = c.req.param('id').toLowerCase();
    const row = ENQUIRY_ID.test(enquiryId) ? await findEnquiry(deps.db, enquiryId) : undefined;
    if (!row || row.account_id !== accountId) throw new DomainError('not_found', ENQUIRY_NOT_FOUND);
    if (await reviewedEnquiry(deps.db, enquiryId))
      throw new DomainError('conflict', `${row.name} has already left a review for this job.`);
    const owner = await askingOwner(deps, accountId);
    const link = await requestReview(
      deps,
      {
        ...owner,
        customerName: row.name,
        email: row.email,
        enquiryId,
        job: jobTitle(row.job),
      },
      deps.now(),
    );
    // Sent now, not at the sender's next look.
    if (link.mailed) deps.mailQueued();
    return c.json({ success: true, ...link } satisfies ReviewLinkAnswer, 201);
  });

  /** For good, with its photos and the mail about it; the owner's own only, as for a status change. */
  app.delete('/:id', signedIn, async (c) => {
    const accountId = c.get('accountId');
    const enquiryId = c.req.param('id').toLowerCase();
    const row = ENQUIRY_ID.test(enquiryId) ? await findEnquiry(deps.db, enquiryId) : undefined;
    if (!row || row.account_id !== accountId) throw new DomainError('not_found', ENQUIRY_NOT_FOUND);
    await deleteEnquiry(deps, row, accountId);
    return c.json({
      success: true,
      message: `The enquiry from ${row.name} is deleted.`,
    } satisfies MessageAnswer);
  });

  return app;
}
