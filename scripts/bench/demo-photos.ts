import { recordUploads } from '../../api/media/owners';
import type { CardContent } from '../../events/card/content';
import type { Db } from '../../events/db';

/**
 * The demo card's photos, recorded as also uploaded by `username`: a card may show only photos its own account
 * uploaded (issue 11), and a bench publisher sending the demo's addresses stands for one that uploaded the same bytes.
 */
export async function demoPhotosFor(db: Db, username: string): Promise<CardContent> {
  const demo = await db
    .selectFrom('cards')
    .innerJoin('users', 'users.id', 'cards.account_id')
    .select('cards.content')
    .where('users.username', '=', 'demo')
    .executeTakeFirstOrThrow();
  const images = JSON.parse(demo.content) as CardContent;
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const ids = [images.cover_photo, images.avatar, ...images.works].flatMap((image) =>
    image ? [image.id] : [],
  );
  await db.transaction().execute((trx) => recordUploads(trx, user.id, ids, new Date()));
  return images;
}
