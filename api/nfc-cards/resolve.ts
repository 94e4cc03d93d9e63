import { normaliseCardCode } from '../../events/nfc-card/code';
import type { Db } from '../../platform/database/db';

/** `code`: the card's code as issued, whatever case or look-alikes the address was typed with (count taps by it). */
export type ResolvedCard =
  | { status: 'active'; code: string; accountId: string; username: string }
  | { status: 'lost' };

/**
 * What `/c/<code>` opens, in one indexed read: the owner's page by their current username (an account has one page,
 * and its address follows the account, so a card never needs moving), or `lost` for a card marked lost, or retired
 * with its deleted account. Null for a code no card has, in any case and with Crockford's look-alikes (O, I, L).
 */
export async function resolveCardCode(db: Db, code: string): Promise<ResolvedCard | null> {
  const normal = normaliseCardCode(code);
  if (!normal) return null;
  const card = await db
    .selectFrom('nfc_cards')
    .leftJoin('users', 'users.id', 'nfc_cards.account_id')
    .select(['nfc_cards.status', 'nfc_cards.account_id', 'users.username'])
    .where('nfc_cards.code', '=', normal)
    .executeTakeFirst();
  if (!card) return null;
  // A card whose account is gone says nothing of it, even before its retirement is recorded.
  if (card.status !== 'active' || !card.username) return { status: 'lost' };
  return { status: 'active', code: normal, accountId: card.account_id, username: card.username };
}
