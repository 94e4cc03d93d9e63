import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleCommand } from '../../events/command';
import { NO_CARD_CODES, orderDecider } from '../../events/order/decider';
import { orderStreamId } from '../../events/order/events';
import { createTestApp } from '../../tests/support/api/app';
import { buyCardsAtHostedCheckout, signUpAdmin } from '../../tests/support/api/payments/flows';
import { ADMINS_ONLY } from '../auth/require-admin';
import { resolveCardCode } from '../nfc-cards/resolve';
import { NO_CODES_YET } from './admin-card-sheets';

let t: Awaited<ReturnType<typeof createTestApp>>;
afterEach(async () => {
  await t.close();
});

const CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** A paid order as one paid before cards had codes was recorded: its payment alone, by the order's own decider. */
async function orderPaidBeforeCodes(token: string, quantity: number) {
  const started = await t.call('POST', '/api/checkout/create-checkout-session', { quantity }, token);
  const orderId = started.body.orderId as string;
  await handleCommand(t.db, {
    decider: orderDecider,
    streamId: orderStreamId(orderId),
    command: {
      type: 'RecordCardPayment',
      amountTotal: 2495 * quantity,
      currency: 'gbp',
      customerId: null,
      customerEmail: 'dana@example.com',
      deliveryName: 'Dana Pipe',
      deliveryAddress: null,
      paymentIntentId: null,
    },
    now: t.deps.now(),
  });
  return orderId;
}

const request = (path: string, token?: string) =>
  t.app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("the admin's cards of an order (issue 16)", () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('lists each card’s exact address with the order', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 3);
    const admin = await signUpAdmin(t);
    const { body } = await t.call('GET', '/api/admin/orders?type=card', undefined, admin);
    const cards = body.data[0].cards as { code: string; url: string; status: string }[];
    expect(body.data[0].id).toBe(id);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card.code).toMatch(CODE);
      expect(card).toEqual({
        code: card.code,
        url: `https://tradecard.test/c/${card.code}`,
        status: 'active',
      });
    }
  });

  it('refuses to ship an old order without codes, issues them once from the button, then ships it', async () => {
    const token = await t.signUp();
    const id = await orderPaidBeforeCodes(token, 2);
    const admin = await signUpAdmin(t);
    const ship = { fulfillmentStatus: 'shipped', notify: false };
    const refused = await t.call('PATCH', `/api/admin/orders/${id}/status`, ship, admin);
    expect(refused).toMatchObject({ status: 409, body: { error: NO_CARD_CODES } });
    expect(NO_CARD_CODES).toBe("Create this order's card codes before marking it shipped.");
    expect((await request(`/api/admin/orders/${id}/cards.csv`, admin)).status).toBe(409);
    expect(await (await request(`/api/admin/orders/${id}/cards/sheet`, admin)).json()).toEqual({
      error: NO_CODES_YET,
    });

    const issued = await t.call('POST', `/api/admin/orders/${id}/cards`, {}, admin);
    expect(issued.status).toBe(200);
    expect(issued.body.message).toBe('Created 2 card codes.');
    const codes = (issued.body.data.cards as { code: string }[]).map((card) => card.code);
    expect(codes).toHaveLength(2);
    const again = await t.call('POST', `/api/admin/orders/${id}/cards`, {}, admin);
    expect(again.body.message).toBe('This order already has its card codes.');
    expect((again.body.data.cards as { code: string }[]).map((card) => card.code)).toEqual(codes);
    expect(await t.db.selectFrom('nfc_cards').select('code').execute()).toHaveLength(2);

    // The owner has them too, and the order now ships.
    const mine = await t.call('GET', '/api/nfc-cards', undefined, token);
    expect((mine.body.data as { code: string }[]).map((card) => card.code).sort()).toEqual([...codes].sort());
    const shipped = await t.call('PATCH', `/api/admin/orders/${id}/status`, ship, admin);
    expect(shipped.body).toMatchObject({ success: true, data: { fulfillmentStatus: 'shipped' } });
  });

  it('retires at once the codes of an old order whose buyer has deleted their account: it ships to nobody’s page', async () => {
    const token = await t.signUp();
    const id = await orderPaidBeforeCodes(token, 1);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    const admin = await signUpAdmin(t);
    const issued = await t.call('POST', `/api/admin/orders/${id}/cards`, {}, admin);
    const [card] = issued.body.data.cards as { code: string; status: string }[];
    expect(card?.status).toBe('retired');
    expect(await resolveCardCode(t.db, card?.code ?? '')).toEqual({ status: 'lost' });
    const ship = { fulfillmentStatus: 'shipped', notify: false };
    expect((await t.call('PATCH', `/api/admin/orders/${id}/status`, ship, admin)).status).toBe(200);
  });

  it('issues no codes for an order not yet paid, nor for a plan', async () => {
    const token = await t.signUp();
    const started = await t.call('POST', '/api/checkout/create-checkout-session', { quantity: 1 }, token);
    const admin = await signUpAdmin(t);
    const unpaid = await t.call('POST', `/api/admin/orders/${started.body.orderId}/cards`, {}, admin);
    expect(unpaid).toMatchObject({ status: 409, body: { error: "This order hasn't been paid yet." } });
    const plan = await t.call('POST', '/api/subscribe', {}, token);
    const notCards = await t.call('POST', `/api/admin/orders/${plan.body.orderId}/cards`, {}, admin);
    expect(notCards).toMatchObject({ status: 404, body: { error: 'Order not found.' } });
    expect(await t.db.selectFrom('nfc_cards').select('code').execute()).toEqual([]);
  });

  it('gives bulk encoders a CSV: a header, then each card’s code and address', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 2);
    const admin = await signUpAdmin(t);
    const response = await request(`/api/admin/orders/${id}/cards.csv`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="order-${id}-cards.csv"`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const codes = (await t.db.selectFrom('nfc_cards').select('code').orderBy('code').execute()).map(
      (r) => r.code,
    );
    const text = await response.text();
    const [header, ...lines] = text.split('\r\n');
    expect(header).toBe('code,url');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).sort()).toEqual(
      codes.map((code) => `${code},https://tradecard.test/c/${code}`),
    );
  });

  it('gives a printable sheet: each card’s address, QR code and code, under a policy allowing only its own script', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 3);
    const admin = await signUpAdmin(t);
    const response = await request(`/api/admin/orders/${id}/cards/sheet`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const codes = (await t.db.selectFrom('nfc_cards').select('code').execute()).map((r) => r.code);
    for (const code of codes) {
      expect(html).toContain(`<p class="code">${code}</p>`);
      expect(html).toContain(`<p class="url">https://tradecard.test/c/${code}</p>`);
      expect(html).toContain(`alt="QR code of https://tradecard.test/c/${code}?s=qr"`);
    }
    expect(html.match(/<img class="qr" src="data:image\/svg\+xml;base64,/g)).toHaveLength(3);
    expect(html).toContain('@media print');
    expect(html).toContain('3 cards');
  });

  it('is for staff only: a customer, even the buyer, is refused, and nobody signed out gets in', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 1);
    for (const path of [`/api/admin/orders/${id}/cards.csv`, `/api/admin/orders/${id}/cards/sheet`]) {
      const buyer = await request(path, token);
      expect(buyer.status).toBe(403);
      expect(await buyer.json()).toEqual({ error: ADMINS_ONLY });
      expect((await request(path)).status).toBe(401);
    }
    expect((await t.call('POST', `/api/admin/orders/${id}/cards`, {}, token)).status).toBe(403);
    expect((await t.call('POST', `/api/admin/orders/${id}/cards`, {})).status).toBe(401);
  });
});

describe('the CSV of a site whose address needs quoting', () => {
  it('quotes each address as RFC 4180 says', async () => {
    t = await createTestApp({ publicUrl: 'https://tradecard.test/cards,"uk"' });
    const token = await t.signUp();
    const id = await orderPaidBeforeCodes(token, 1);
    const admin = await signUpAdmin(t);
    await t.call('POST', `/api/admin/orders/${id}/cards`, {}, admin);
    const [card] = await t.db.selectFrom('nfc_cards').select('code').execute();
    const text = await (await request(`/api/admin/orders/${id}/cards.csv`, admin)).text();
    expect(text).toBe(`code,url\r\n${card?.code},"https://tradecard.test/cards,""uk""/c/${card?.code}"\r\n`);
  });
});
