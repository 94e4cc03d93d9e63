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
import { countRequestFrom } from './limits';
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
};

/**
 * A quote request, recorded in one transaction (ADR 030 §3): `checkLimits` again under the page's and the address's
 * locks, the enquiry's event, its photos' rows, the request counted against the address, and the owner's mail
 * (Reply-To the customer) queued, so an enquiry on the Enquiries page is always mailed too.
 */
export async function recordEnquiry(
  deps: Pick<Deps, 'db' | 'publicUrl'>,
  enquiry: NewEnquiry,
  now: Date,
  checkLimits: (trx: Db) => Promise<void>,
): Promise<void> {
  const enquiryId = randomUUID();
  const { fields, photos, attachments, addressKey } = enquiry;
  await deps.db.transaction().execute(async (trx) => {
    await checkLimits(trx);
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
      },
      now,
      alsoInTransaction: async (inner) => {
        // After the files, as in a publish: a row never names files that aren't there.
        await recordMediaFiles(inner, photos.prepared, now);
        await countRequestFrom(inner, addressKey, now);
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
  });
}
