import type { Db } from '../../platform/database/db';
import type { NfcCardsTable } from '../../platform/database/schema';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import { evolve as evolveCard, initialState as initialCard, type NfcCardState } from './decider';
import { NFC_CARD_STREAM_PREFIX, type NfcCardEvent } from './events';

type NfcCardsState = { card: NfcCardState; issuedAt: string; lostAt: string | null };

/** Each card's status, by code: what `/c/<code>`, the owner's cards and the admin's order view read. */
export const nfcCardsReadModel: ReadModel<NfcCardsState> = {
  table: 'nfc_cards',
  keyColumn: 'code',
  owns: (streamId) => streamId.startsWith(NFC_CARD_STREAM_PREFIX),
  keyOf: (streamId) => streamId.slice(NFC_CARD_STREAM_PREFIX.length),
  initialState: () => ({ card: initialCard(), issuedAt: '', lostAt: null }),
  evolve: (state, event: ProjectedEvent) => {
    const card = evolveCard(state.card, event as NfcCardEvent);
    const issuedAt = event.type === 'NfcCardIssued' ? event.occurredAt : state.issuedAt;
    const lostAt =
      event.type === 'NfcCardMarkedLost'
        ? event.occurredAt
        : event.type === 'NfcCardSwitchedOn'
          ? null
          : state.lostAt;
    return { card, issuedAt, lostAt };
  },
  toRow: ({ card, issuedAt, lostAt }): NfcCardsTable | null =>
    card.status === 'none'
      ? null
      : {
          code: card.code,
          order_id: card.orderId,
          account_id: card.accountId,
          status: card.status,
          issued_at: issuedAt,
          lost_at: lostAt,
          firm_id: card.firmId ?? null,
        },
};

export type NfcCardRow = NfcCardsTable;

/** An account's cards, oldest order first and in the order each was issued. */
export const nfcCardsOfAccount = (db: Db, accountId: string) =>
  db
    .selectFrom('nfc_cards')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('issued_at')
    .orderBy('code')
    .execute();

/** The cards of these orders, grouped by order, each order's in the order they were issued. */
export async function nfcCardsOfOrders(db: Db, orderIds: string[]): Promise<Map<string, NfcCardRow[]>> {
  const byOrder = new Map<string, NfcCardRow[]>();
  for (let start = 0; start < orderIds.length; start += 500) {
    const rows = await db
      .selectFrom('nfc_cards')
      .selectAll()
      .where('order_id', 'in', orderIds.slice(start, start + 500))
      .orderBy('issued_at')
      .orderBy('code')
      .execute();
    for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  }
  return byOrder;
}

export const findNfcCard = (db: Db, code: string) =>
  db.selectFrom('nfc_cards').selectAll().where('code', '=', code).executeTakeFirst();
