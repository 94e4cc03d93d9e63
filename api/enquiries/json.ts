import type { Enquiry } from '../../contract/enquiry';
import { largestMediaUrl, mediaUrl } from '../../events/card/content';
import { telUri } from '../../events/card/phone';
import { type EnquiryRow, photosOf } from '../../events/enquiry/enquiries-read-model';
import { mailtoHref } from '../../renderer/profile/safe-href';

/** An enquiry as its owner sees it on /enquiries, with links to call or write back. */
export const enquiryJson = (row: EnquiryRow): Enquiry => ({
  id: row.enquiry_id,
  name: row.name,
  phone: row.phone,
  phoneHref: row.phone ? (telUri(row.phone) ?? null) : null,
  email: row.email,
  emailHref: row.email ? (mailtoHref(row.email) ?? null) : null,
  postcode: row.postcode,
  job: row.job,
  photos: photosOf(row).map((photo) => ({
    thumb: mediaUrl(photo.id, Math.min(...photo.widths)),
    full: largestMediaUrl(photo),
    width: photo.width,
    height: photo.height,
  })),
  status: row.status,
  receivedAt: row.received_at,
  keptWithoutMail: row.kept_without_mail === 1,
});
