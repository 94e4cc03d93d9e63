import { randomUUID } from 'node:crypto';
import { handleCommand } from '../../events/command';
import { enquiryDecider } from '../../events/enquiry/decider';
import { enquiryStreamId } from '../../events/enquiry/events';
import type { EnquiryFields } from '../../events/enquiry/input';
import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import type { MailAttachment } from '../mail/mailer';
import { enqueueMail } from '../mail/queue';
import { siteLinks } from '../mail/site-links';
import { enquiryToOwnerMail } from '../mail/templates';
import { recordMediaFiles } from '../media/files';
import { countQuoteRequest } from './limits';
import type { PreparedPhotos } from './photos';

export type NewEnquiry = {
  accountId: string;
  ownerName: string;
  ownerEmail: string;
  fields: EnquiryFields;
  /** Stored already: their rows are written here, with the event. */
  photos: PreparedPhotos;
  attachments: MailAttachment[];
  /** The sender's address as limits key it (addressForLimits): the request counts against it. */
  addressKey: string;
  /** The form's nonce (api/enquiries/stamp.ts): recorded, so the same form can't send a second request. */
  nonce: string;
};

/** Mailed to the owner, or kept on /enquiries without a mail (the page's mailed requests of the day are used up). */
export type Delivery = 'mail' | 'keep';

/**
 * A quote request, recorded in one transaction (ADR 030 §3): `checkLimits` again under the page's and the address's
 * locks (it throws to refuse, or says how the request is delivered), the enquiry's event, its photos' rows, the
 * request counted against its address, page and form, and the owner's mail (Reply-To the customer) queued unless
 * it is kept without one, so an enquiry the Enquiries page shows as mailed always is.
 */
export async function recordEnquiry(
  deps: Pick<Deps, 'db' | 'publicUrl'>,
  enquiry: NewEnquiry,
  now: Date,
  checkLimits: (trx: Db) => Promise<Delivery>,
): Promise<Delivery> {
  const enquiryId = randomUUID();
  const { fields, photos, attachments, addressKey, nonce, accountId } = enquiry;
  return deps.db.transaction().execute(async (trx) => {
    const delivery = await checkLimits(trx);
    await handleCommand(trx, {
      decider: enquiryDecider,
      streamId: enquiryStreamId(enquiryId),
      command: {
        type: 'ReceiveEnquiry',
        enquiryId,
        accountId: enquiry.accountId,
        ...fields,
        photos: photos.refs,
        receivedAt: now.toISOString(),
        ...(delivery === 'keep' ? { keptWithoutMail: true } : {}),
      },
      now,
      alsoInTransaction: async (inner) => {
        // After the files, as in a publish: a row never names files that aren't there.
        await recordMediaFiles(inner, photos.prepared, now);
        await countQuoteRequest(inner, { accountId, addressKey, nonce }, now);
        if (delivery === 'keep') return;
        const mail = enquiryToOwnerMail({
          ownerName: enquiry.ownerName,
          ...fields,
          attached: attachments.length,
          notAttached: photos.refs.length - attachments.length,
          enquiriesUrl: siteLinks(deps.publicUrl).enquiries,
        });
        await enqueueMail(
          inner,
          {
            to: enquiry.ownerEmail,
            ...(fields.email ? { replyTo: fields.email } : {}),
            ...mail,
            attachments,
          },
          now,
          enquiryStreamId(enquiryId),
        );
      },
    });
    return delivery;
  });
}
