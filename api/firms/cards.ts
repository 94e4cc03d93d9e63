import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import { membersOf } from '../../events/firm/firms-read-model';
import { cardUrl, normaliseCardCode } from '../../events/nfc-card/code';
import { CARD_NOT_FOUND, nfcCardDecider } from '../../events/nfc-card/decider';
import { nfcCardStreamId } from '../../events/nfc-card/events';
import type { Db } from '../../platform/database/db';
import type { Deps } from '../deps';
import { firmOfMember } from './firms';

/**
 * Issue 32: the NFC cards the firm's members hold and the cards the firm bought (held by someone who has since left,
 * perhaps), for its admin: whose page each opens, so a leaver's card can be handed to a new hire. A retired card (an
 * erased account's) is nobody's to move and isn't listed.
 */
export async function firmCards(db: Db, publicUrl: string, firmId: string, viewer: string) {
  const firm = await firmOfMember(db, firmId, viewer);
  if (firm.admin_id !== viewer) return [];
  const members = membersOf(firm);
  const cards = await db
    .selectFrom('nfc_cards as c')
    .innerJoin('users as u', 'u.id', 'c.account_id')
    .select(['c.code', 'c.status', 'c.issued_at', 'c.account_id', 'u.name', 'u.username'])
    .where((eb) => eb.or([eb('c.account_id', 'in', members), eb('c.firm_id', '=', firm.firm_id)]))
    .where('c.status', '!=', 'retired')
    .orderBy('u.name')
    .orderBy('c.issued_at')
    .orderBy('c.code')
    .execute();
  return cards.map((card) => ({
    code: card.code,
    url: cardUrl(publicUrl, card.code),
    status: card.status === 'lost' ? ('lost' as const) : ('active' as const),
    issuedAt: card.issued_at,
    holder: { id: card.account_id, name: card.name, username: card.username },
    holderInFirm: members.includes(card.account_id),
  }));
}

/**
 * The admin gives a member's card to another member. The firm is read in the card's own transaction, so a member
 * removed a moment before can neither give nor receive it. `/c/<code>` reads the card's row, so it opens the new
 * holder's page from the next tap.
 */
export async function reassignCard(
  deps: Pick<Deps, 'db' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  typedCode: string,
  to: string,
) {
  const code = normaliseCardCode(typedCode);
  if (!code) throw new DomainError('not_found', CARD_NOT_FOUND);
  await deps.db.transaction().execute(async (trx) => {
    const firm = await firmOfMember(trx, firmId, by);
    await handleCommand(trx, {
      decider: nfcCardDecider,
      streamId: nfcCardStreamId(code),
      command: {
        type: 'ReassignNfcCard',
        by,
        to,
        firm: { firmId: firm.firm_id, adminId: firm.admin_id, members: membersOf(firm) },
      },
      now: deps.now(),
    });
  });
  deps.onAppended();
  return code;
}
