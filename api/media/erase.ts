import { type ExpressionBuilder, sql } from 'kysely';
import { type CardContent, cardImages } from '../../events/card/content';
import { photosOf } from '../../events/enquiry/enquiries-read-model';
import { logoOf } from '../../events/firm/firms-read-model';
import { reviewPhotosOf } from '../../events/review/reviews-read-model';
import type { Db } from '../../platform/database/db';
import type { Database } from '../../platform/database/schema';
import { MEDIA_ID } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { removeStoredMedia } from './files';
import { removeMediaUnlessHeld } from './in-flight';

const idsIn = (content: CardContent) => cardImages(content).map((image) => image.id);

/** Every photo any version of the account's card has used; read before erasure redacts them from the log. */
export async function mediaOfAccount(db: Db, accountId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('events')
    .select('data')
    .where('stream_id', '=', `card-${accountId}`)
    .where('type', '=', 'CardPublished')
    .execute();
  return new Set(rows.flatMap((row) => idsIn((JSON.parse(row.data) as { content: CardContent }).content)));
}

/** Rows of `table` whose `column` names one of these ids: ids are 24 hex digits, so a LIKE needs no escaping. */
const naming =
  (ids: string[], column: string) =>
  (eb: ExpressionBuilder<Database, 'cards' | 'enquiries' | 'reviews' | 'firms'>) =>
    eb.or(ids.map((id) => eb(sql.ref(column), 'like', `%${id}%`)));

/**
 * Of these photos, those another live card, an enquiry, a review or a firm's logo still shows. Only rows whose text names one of them are
 * read and parsed, so an owner's Delete costs a scan in the database, not every card and enquiry in memory.
 */
async function stillShown(db: Db, ids: string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  const valid = ids.filter((id) => MEDIA_ID.test(id));
  for (let start = 0; start < valid.length; start += 50) {
    const chunk = valid.slice(start, start + 50);
    const cards = await db.selectFrom('cards').select('content').where(naming(chunk, 'content')).execute();
    for (const row of cards) for (const id of idsIn(JSON.parse(row.content) as CardContent)) shown.add(id);
    const enquiries = await db
      .selectFrom('enquiries')
      .select('photos')
      .where(naming(chunk, 'photos'))
      .execute();
    for (const row of enquiries) for (const photo of photosOf(row)) shown.add(photo.id);
    const reviews = await db.selectFrom('reviews').select('photos').where(naming(chunk, 'photos')).execute();
    for (const row of reviews) for (const photo of reviewPhotosOf(row)) shown.add(photo.id);
    const logos = await db.selectFrom('firms').select('logo').where(naming(chunk, 'logo')).execute();
    for (const row of logos) {
      const logo = logoOf(row);
      if (logo) shown.add(logo.id);
    }
  }
  return shown;
}

/**
 * Deletes the files of these photos unless another live card, or an enquiry, still shows the same picture (content
 * addressing means two uploads of the same file share it), or a request has it in hand (media/in-flight.ts). Photos
 * of a customer's home must not outlive the account, or the enquiry its owner deleted.
 */
export async function deleteUnusedMedia(db: Db, storage: Storage, ids: Set<string>): Promise<number> {
  if (ids.size === 0) return 0;
  const shown = await stillShown(db, [...ids]);
  let deleted = 0;
  // By id, from media_files: the folder is never listed, however many photos it holds.
  for (const id of ids)
    if (!shown.has(id))
      await removeMediaUnlessHeld(id, async () => {
        deleted += await removeStoredMedia(db, storage, id);
      });
  return deleted;
}
