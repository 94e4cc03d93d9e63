import type { Db } from '../../platform/database/db';
import type { EnquiriesTable } from '../../platform/database/schema';
import type { ImageRef } from '../card/content';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import { type EnquiryState, evolve as evolveEnquiry, initialState as initialEnquiry } from './decider';
import { ENQUIRY_STREAM_PREFIX, type EnquiryEvent } from './events';

type EnquiriesState = { enquiry: EnquiryState; statusChangedAt: string | null };

/** Each enquiry by its id, for its owner's /enquiries and the per-page limit; an erased one has no row. */
export const enquiriesReadModel: ReadModel<EnquiriesState> = {
  table: 'enquiries',
  keyColumn: 'enquiry_id',
  owns: (streamId) => streamId.startsWith(ENQUIRY_STREAM_PREFIX),
  keyOf: (streamId) => streamId.slice(ENQUIRY_STREAM_PREFIX.length),
  initialState: () => ({ enquiry: initialEnquiry(), statusChangedAt: null }),
  evolve: (state, event: ProjectedEvent) => ({
    enquiry: evolveEnquiry(state.enquiry, event as EnquiryEvent),
    statusChangedAt: event.type === 'EnquiryStatusChanged' ? event.occurredAt : state.statusChangedAt,
  }),
  toRow: ({ enquiry: state, statusChangedAt }): EnquiriesTable | null => {
    if (!('enquiry' in state)) return null;
    const { enquiry } = state;
    return {
      enquiry_id: enquiry.enquiryId,
      account_id: enquiry.accountId,
      name: enquiry.name,
      phone: enquiry.phone,
      email: enquiry.email,
      postcode: enquiry.postcode,
      job: enquiry.job,
      photos: JSON.stringify(enquiry.photos),
      status: state.status,
      received_at: enquiry.receivedAt,
      status_changed_at: statusChangedAt,
      kept_without_mail: enquiry.keptWithoutMail ? 1 : 0,
    };
  },
};

export type EnquiryRow = EnquiriesTable;

export const photosOf = (row: Pick<EnquiryRow, 'photos'>) => JSON.parse(row.photos) as ImageRef[];

/** An account's enquiries, newest first. */
export const enquiriesOfAccount = (db: Db, accountId: string) =>
  db
    .selectFrom('enquiries')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('received_at', 'desc')
    .orderBy('enquiry_id')
    .execute();

export const findEnquiry = (db: Db, enquiryId: string) =>
  db.selectFrom('enquiries').selectAll().where('enquiry_id', '=', enquiryId).executeTakeFirst();

/**
 * Photos that enquiries show, by id: the media sweep keeps them and an account's erasure leaves another account's
 * (content addressing shares one file between the same bytes sent twice). `accountId`: that account's only.
 */
export async function enquiryPhotos(db: Db, accountId?: string): Promise<Map<string, ImageRef>> {
  const rows = await db
    .selectFrom('enquiries')
    .select('photos')
    .where('photos', '!=', '[]')
    .$if(accountId !== undefined, (query) => query.where('account_id', '=', accountId as string))
    .execute();
  const photos = new Map<string, ImageRef>();
  for (const row of rows) for (const photo of photosOf(row)) photos.set(photo.id, photo);
  return photos;
}
