import { type CardContent, cardImages } from '../../events/card/content';
import type { Db } from '../../events/db';
import { enquiryPhotos } from '../../events/enquiry/enquiries-read-model';
import type { Storage } from '../storage/storage';
import { removeStoredMedia } from './files';

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

/**
 * Deletes the files of these photos unless another live card, or another account's enquiry, still shows the same
 * picture (content addressing means two uploads of the same file share it). Photos of a customer's home must not
 * outlive the account.
 */
export async function deleteUnusedMedia(db: Db, storage: Storage, ids: Set<string>): Promise<number> {
  if (ids.size === 0) return 0;
  const stillUsed = new Set<string>((await enquiryPhotos(db)).keys());
  for (const row of await db.selectFrom('cards').select('content').execute()) {
    for (const id of idsIn(JSON.parse(row.content) as CardContent)) stillUsed.add(id);
  }
  let deleted = 0;
  // By id, from media_files: the folder is never listed, however many photos it holds.
  for (const id of ids) if (!stillUsed.has(id)) deleted += await removeStoredMedia(db, storage, id);
  return deleted;
}
