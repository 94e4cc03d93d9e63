import { handleCommand, loadState } from '../../events/command';
import { newCardCode } from '../../events/nfc-card/code';
import { nfcCardDecider } from '../../events/nfc-card/decider';
import { nfcCardStreamId } from '../../events/nfc-card/events';
import { findNfcCard } from '../../events/nfc-card/nfc-cards-read-model';
import { orderDecider } from '../../events/order/decider';
import { orderStreamId } from '../../events/order/events';
import type { Db } from '../../platform/database/db';
import { findUserById } from '../accounts/users';

/** `count` codes no card has yet. At 40 bits a clash is a one-in-billions event; it is still never a shared card. */
async function unusedCodes(trx: Db, count: number, makeCode: () => string): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < count) {
    const code = makeCode();
    if (!codes.has(code) && !(await findNfcCard(trx, code))) codes.add(code);
  }
  return [...codes];
}

/**
 * Gives each card of a paid order its own code, in the caller's transaction (or one of its own): the order records
 * the codes, so it may ship, and each card begins its stream. An order that has its codes gets no more, so the
 * payment recorded twice, or the admin's button pressed twice, issues nothing new. Returns the codes issued now.
 */
export async function issueCardCodes(
  db: Db,
  orderId: string,
  now: Date,
  makeCode: () => string = newCardCode,
): Promise<string[]> {
  const work = async (trx: Db) => {
    const order = await loadState(trx, orderDecider, orderStreamId(orderId));
    const wanted = order.status === 'paid' && order.cardCodes.length === 0 ? order.quantity : 0;
    const codes = await unusedCodes(trx, wanted, makeCode);
    // The order decides (it refuses an unpaid order), on its state as of the append lock.
    const { events } = await handleCommand(trx, {
      decider: orderDecider,
      streamId: orderStreamId(orderId),
      command: { type: 'AssignCardCodes', codes },
      now,
    });
    const assigned = events.flatMap((event) => (event.type === 'CardCodesAssigned' ? event.data.codes : []));
    if (assigned.length === 0 || order.status === 'none') return [];
    // A deleted account's order still ships (ADR 004): its cards lead to nothing of the former owner.
    const ownerGone = !(await findUserById(trx, order.holderId));
    for (const code of assigned) {
      const streamId = nfcCardStreamId(code);
      await handleCommand(trx, {
        decider: nfcCardDecider,
        streamId,
        command: {
          type: 'IssueNfcCard',
          code,
          orderId,
          accountId: order.holderId,
          ...(order.firmId ? { firmId: order.firmId } : {}),
        },
        now,
      });
      if (ownerGone)
        await handleCommand(trx, {
          decider: nfcCardDecider,
          streamId,
          command: { type: 'RetireNfcCard' },
          now,
        });
    }
    return assigned;
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
