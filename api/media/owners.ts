import type { Kysely } from 'kysely';
import type { Db } from '../../platform/database/db';
import type { Database } from '../../platform/database/schema';
import type { Storage } from '../../platform/storage/storage';
import { removeStoredMedia } from './files';

/**
 * Who uploaded which photo, in `media_uploads` beside the log rather than in it. It is a fact about files, and the
 * files are not in the log either (docs/operations.md, "Where the data lives"); as a table it is written in the
 * publish's own transaction, so a published card never names a photo without its uploader on record, and erasure
 * is a DELETE, where an event would have to be redacted. Content addressing means two accounts uploading the very
 * same bytes share one file: both are its uploaders, and it goes when the last of them does.
 */

type Tx = Kysely<Database>;

/**
 * Records that `accountId` uploaded these photos, in the transaction that publishes them or stores one as it is
 * picked. Uploading a photo again makes it recent again: the sweep keeps a recent upload for the draft naming it.
 */
export async function recordUploads(trx: Tx, accountId: string, ids: Iterable<string>, now: Date) {
  const rows = [...new Set(ids)].map((media_id) => ({
    media_id,
    account_id: accountId,
    uploaded_at: now.toISOString(),
  }));
  if (rows.length === 0) return;
  await trx
    .insertInto('media_uploads')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['media_id', 'account_id']).doUpdateSet({ uploaded_at: now.toISOString() }),
    )
    .execute();
}

/** How many photos this account has uploaded since `since` (each counted once, at its latest upload). */
export async function uploadsSince(db: Tx, accountId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('media_uploads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', accountId)
    .where('uploaded_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Photos uploaded since `since` by anyone, on no card yet perhaps: the sweep keeps them for the drafts that name
 * them (media/sweep.ts).
 */
export async function uploadedSince(db: Tx, since: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom('media_uploads')
    .select('media_id')
    .where('uploaded_at', '>', since.toISOString())
    .execute();
  return new Set(rows.map((row) => row.media_id));
}

/** Whether this account uploaded this photo: a card may show only its own account's photos. */
export async function uploadedBy(db: Tx, accountId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('media_uploads')
    .select('media_id')
    .where('media_id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * On account deletion: every photo the account uploaded goes, whoever else's card shows it, unless another account
 * uploaded the same bytes itself. Returns the ids whose files were removed.
 */
export async function eraseUploadsOf(db: Db, storage: Storage, accountId: string): Promise<Set<string>> {
  const gone = await db.transaction().execute(async (trx) => {
    const mine = (
      await trx.selectFrom('media_uploads').select('media_id').where('account_id', '=', accountId).execute()
    ).map((row) => row.media_id);
    await trx.deleteFrom('media_uploads').where('account_id', '=', accountId).execute();
    if (mine.length === 0) return new Set<string>();
    const shared = await trx
      .selectFrom('media_uploads')
      .select('media_id')
      .distinct()
      .where('media_id', 'in', mine)
      .execute();
    const stillOwned = new Set(shared.map((row) => row.media_id));
    return new Set(mine.filter((id) => !stillOwned.has(id)));
  });
  for (const id of gone) await removeStoredMedia(db, storage, id);
  return gone;
}
