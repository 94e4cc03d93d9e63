import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_NOT_FOUND } from '../../events/nfc-card/decider';
import { createTestApp } from '../../tests/support/api/app';
import { buyCardsAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { saveHits } from '../../tests/support/visits/hits';
import { resolveCardCode } from '../nfc-cards/resolve';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

type Card = { code: string; url: string; status: string; orderId: string; taps: number };
const cardsOf = async (token: string) =>
  (await t.call('GET', '/api/nfc-cards', undefined, token)).body.data as Card[];
const eventsOf = (streamId: string) =>
  t.db
    .selectFrom('events')
    .select(['type', 'data'])
    .where('stream_id', '=', streamId)
    .orderBy('stream_position')
    .execute();

describe('NFC card codes, issued at payment (issue 16)', () => {
  it('gives each card of a paid order its own code and address, in the payment’s transaction, once', async () => {
    const token = await t.signUp();
    const { id, sessionId } = await buyCardsAtHostedCheckout(t, token, 3);
    const cards = await cardsOf(token);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.code).toMatch(CODE);
      expect(card).toMatchObject({
        url: `https://tradecard.test/c/${card.code}`,
        status: 'active',
        orderId: id,
        taps: 0,
        scans: 0,
        firstTappedAt: null,
      });
    }
    expect(new Set(cards.map((card) => card.code)).size).toBe(3);
    const order = await eventsOf(`order-${id}`);
    expect(order.map((event) => event.type)).toEqual([
      'CardOrderCheckoutStarted',
      'CardOrderPaid',
      'CardCodesAssigned',
    ]);
    expect(JSON.parse(order[2]?.data ?? '{}').codes.sort()).toEqual(cards.map((card) => card.code).sort());

    // The success page pulls the same payment the webhook recorded: nothing more is issued.
    const confirmed = await t.call('GET', `/api/stripe/confirm?session_id=${sessionId}`, undefined, token);
    expect(confirmed.status).toBe(200);
    expect(await cardsOf(token)).toEqual(cards);
    expect(await t.db.selectFrom('nfc_cards').select('code').execute()).toHaveLength(3);
  });

  it('issues nothing for a checkout left unpaid', async () => {
    const token = await t.signUp();
    const started = await t.call('POST', '/api/checkout/create-checkout-session', { quantity: 2 }, token);
    expect(started.status).toBe(200);
    expect(await cardsOf(token)).toEqual([]);
  });
});

describe("the owner's cards: /api/nfc-cards", () => {
  it('lists the owner’s cards with their taps and first tap from the visit counts', async () => {
    const token = await t.signUp();
    await buyCardsAtHostedCheckout(t, token, 2);
    const [first, second] = await cardsOf(token);
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const tap = (day: string, visitor: string, hits: number) => ({
      day,
      accountId: user.id,
      source: 'nfc' as const,
      action: 'view' as const,
      cardCode: first?.code ?? '',
      visitor,
      hits,
    });
    await saveHits(t.db, [
      tap('2026-11-22', 'v1', 2),
      tap('2026-11-23', 'v2', 1),
      { ...tap('2026-11-23', 'v3', 4), source: 'qr' as const },
    ]);
    const [tapped, untapped] = await cardsOf(token);
    expect(tapped).toMatchObject({ code: first?.code, taps: 3, scans: 4, firstTappedAt: '2026-11-22' });
    expect(untapped).toMatchObject({ code: second?.code, taps: 0, scans: 0, firstTappedAt: null });
  });

  it('marks a card lost and switches it back on; /c/<code> follows, in any case', async () => {
    const token = await t.signUp();
    await buyCardsAtHostedCheckout(t, token, 1);
    const [card] = await cardsOf(token);
    const code = card?.code ?? '';
    expect(await resolveCardCode(t.db, code.toLowerCase())).toMatchObject({
      status: 'active',
      username: 'dana',
    });

    const lost = await t.call('POST', `/api/nfc-cards/${code}/lost`, {}, token);
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ success: true, data: { code, status: 'lost' } });
    expect(lost.body.message).toContain('no longer in use');
    expect(await resolveCardCode(t.db, code)).toEqual({ status: 'lost' });
    const row = await t.db
      .selectFrom('nfc_cards')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.lost_at).toBe('2026-11-22T09:00:00.000Z');

    // A second press (another tab) finds it lost already and records nothing.
    const again = await t.call('POST', `/api/nfc-cards/${code.toLowerCase()}/lost`, {}, token);
    expect(again.body).toMatchObject({ data: { status: 'lost' } });
    expect((await eventsOf(`nfccard-${code}`)).map((event) => event.type)).toEqual([
      'NfcCardIssued',
      'NfcCardMarkedLost',
    ]);

    const found = await t.call('POST', `/api/nfc-cards/${code}/found`, {}, token);
    expect(found.body).toMatchObject({ success: true, data: { code, status: 'active' } });
    expect(await resolveCardCode(t.db, code)).toEqual({
      status: 'active',
      code,
      accountId: row.account_id,
      username: 'dana',
    });
    expect(
      (await t.db.selectFrom('nfc_cards').select('lost_at').executeTakeFirstOrThrow()).lost_at,
    ).toBeNull();
  });

  it('answers another owner, and a code nobody has, as not found, and changes nothing', async () => {
    const dana = await t.signUp();
    const sam = await t.signUp('sam', 'sam@example.com');
    await buyCardsAtHostedCheckout(t, dana, 1);
    const [card] = await cardsOf(dana);
    const code = card?.code ?? '';
    expect(await cardsOf(sam)).toEqual([]);
    for (const path of [`/api/nfc-cards/${code}/lost`, `/api/nfc-cards/${code}/found`])
      expect(await t.call('POST', path, {}, sam)).toMatchObject({
        status: 404,
        body: { error: CARD_NOT_FOUND },
      });
    for (const unknown of ['ZZZZZZZZ', 'not-a-code', 'K7M2Q9X', 'K7M2Q9XU'])
      expect(await t.call('POST', `/api/nfc-cards/${unknown}/lost`, {}, dana)).toMatchObject({
        status: 404,
        body: { error: CARD_NOT_FOUND },
      });
    expect(await cardsOf(dana)).toMatchObject([{ code, status: 'active' }]);
  });

  it('asks whoever is signed out to log in', async () => {
    const token = await t.signUp();
    await buyCardsAtHostedCheckout(t, token, 1);
    const [card] = await cardsOf(token);
    expect((await t.call('GET', '/api/nfc-cards')).status).toBe(401);
    expect((await t.call('POST', `/api/nfc-cards/${card?.code}/lost`, {})).status).toBe(401);
    await t.call('POST', '/api/logout', undefined, token);
    expect((await t.call('POST', `/api/nfc-cards/${card?.code}/lost`, {}, token)).status).toBe(401);
  });
});

describe('resolveCardCode', () => {
  it('knows no code that was never issued, nor anything that is not a code', async () => {
    expect(await resolveCardCode(t.db, 'ZZZZZZZZ')).toBeNull();
    expect(await resolveCardCode(t.db, '')).toBeNull();
    expect(await resolveCardCode(t.db, "x' OR 1=1 --")).toBeNull();
  });

  it('reads Crockford’s look-alikes as the digits they stand for', async () => {
    const token = await t.signUp();
    await buyCardsAtHostedCheckout(t, token, 1);
    const [card] = await cardsOf(token);
    const code = card?.code ?? '';
    const typed = code.replaceAll('0', 'o').replaceAll('1', 'l');
    expect(await resolveCardCode(t.db, typed)).toMatchObject({ status: 'active', code, username: 'dana' });
  });

  it("says lost for every card of a deleted account, whose cards then lead to nothing of its owner's", async () => {
    const token = await t.signUp();
    await buyCardsAtHostedCheckout(t, token, 2);
    const codes = (await cardsOf(token)).map((card) => card.code);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    for (const code of codes) {
      expect(await resolveCardCode(t.db, code)).toEqual({ status: 'lost' });
      expect((await eventsOf(`nfccard-${code}`)).map((event) => event.type)).toEqual([
        'NfcCardIssued',
        'NfcCardRetired',
      ]);
    }
    const rows = await t.db.selectFrom('nfc_cards').select('status').execute();
    expect(rows.map((row) => row.status)).toEqual(['retired', 'retired']);
  });
});
