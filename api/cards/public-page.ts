import { isAccountLive } from '../../events/account/liveness';
import type { CardContent } from '../../events/card/content';
import { shownContent } from '../../events/card/shown';
import { findShownCardContent } from '../../events/firm/branded-card';
import type { Db } from '../../platform/database/db';
import { pageKindOf } from '../../renderer/render-account';
import type { UserRow } from '../accounts/users';
import { USERNAME } from '../static/public-files';

/**
 * What `/u/<username>` is now, decided by the projector's own rule (`pageKindOf`): no such name, an
 * account whose page isn't live, a live account with nothing to show yet, or a live page with what it shows
 * (shown.ts: nothing of a hidden section). For the addresses beside the page drawn per request (the quote form,
 * the Wallet pass), which must not offer or state what the page itself wouldn't.
 */
export type PublicPage =
  | { kind: 'none' }
  | { kind: 'not-live' | 'not-set-up'; user: UserRow }
  | { kind: 'live'; user: UserRow; content: CardContent };

export async function findPublicPage(db: Db, username: string): Promise<PublicPage> {
  if (!USERNAME.test(username)) return { kind: 'none' };
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  if (!user) return { kind: 'none' };
  if (!isAccountLive(user)) return { kind: 'not-live', user };
  const content = await findShownCardContent(db, user.id);
  const kind = pageKindOf(user, content);
  return kind === 'live' && content
    ? { kind, user, content: shownContent(content) }
    : { kind: 'not-set-up', user };
}
