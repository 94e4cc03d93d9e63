import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import {
  daysPass,
  orderOf,
  payAtHostedCheckout,
  profileOf,
  SHIPPING,
  subscribeAtHostedCheckout,
} from '../../tests/support/api/payments/flows';
import { readPdf } from '../../tests/support/api/read-pdf';
import { accountIdOf } from '../../tests/support/visits/stats';
import { firmCards } from '../firms/cards';
import { SETTLE_WAIT_MS, settleFirmBills } from '../firms/plan';
import { FIRM_HAS_PLAN, NOT_A_MEMBER } from '../firms/plan-checkout';
import { coveringFirm } from '../payments/record';
import { FIRM_PAYS } from '../payments/start-checkout';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function invitationTo(email: string) {
  const token = /\/join\/([^\s"<]+)/.exec((await t.lastMailTo(email)).text ?? '')?.[1];
  if (!token) throw new Error(`no join link in the mail to ${email}`);
  return decodeURIComponent(token);
}

async function join(firmId: string, admin: string, username: string, token: string) {
  const email = `${username}@example.com`;
  expect((await t.call('POST', `/api/firms/${firmId}/invites`, { email }, admin)).status).toBe(201);
  const joined = await t.call('POST', `/api/firms/join/${await invitationTo(email)}`, {}, token);
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
}

/** Dana's firm with Sam and Ava in it: three members. */
async function firmOfThree() {
  const dana = await t.signUp('dana');
  const sam = await t.signUp('sam');
  const ava = await t.signUp('ava');
  const firmId = (await t.call('POST', '/api/firms', { name: 'Pipe & Sons' }, dana)).body.data.id as string;
  await join(firmId, dana, 'sam', sam);
  await join(firmId, dana, 'ava', ava);
  return { dana, sam, ava, firmId };
}

/** The admin takes out the firm's plan at the hosted checkout; the order's id. */
async function payForTheFirm(firmId: string, dana: string, card = '4242') {
  const started = await t.call('POST', `/api/firms/${firmId}/plan`, {}, dana);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  expect(started.body.url).toMatch(/\/checkout\/cs_test_/);
  const back = await payAtHostedCheckout(t, started.body.url, { card });
  expect(back.id).toBe(started.body.orderId);
  return back.id;
}

const firmOf = async (token: string) => (await t.call('GET', '/api/firms/mine', undefined, token)).body.data;
const firmPlan = async (id: string) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a firm’s one bill (issue 32)', () => {
  it('is one plan with a place for each member, on one invoice, and keeps every member’s page live', async () => {
    const { dana, sam, ava, firmId } = await firmOfThree();
    expect((await firmOf(dana)).plan).toBeNull();

    const orderId = await payForTheFirm(firmId, dana);

    expect(await firmPlan(orderId)).toMatchObject({
      type: 'subscription',
      firm_id: firmId,
      status: 'active',
      quantity: 3,
    });
    expect((await firmOf(dana)).plan).toMatchObject({
      status: 'active',
      coversPages: true,
      quantity: 3,
      monthlyTotal: 1485,
      currency: 'gbp',
      paidBy: 'Dana Pipe',
    });
    // A member learns that the firm's plan keeps their page live, not what it costs.
    expect((await firmOf(sam)).plan).toMatchObject({ coversPages: true, quantity: null, monthlyTotal: null });
    for (const token of [dana, sam, ava])
      expect(await profileOf(t, token)).toMatchObject({ isSubscribed: true });
    expect(await coveringFirm(t.db, await accountIdOf(t.db, 'sam'))).toBe('Pipe & Sons');
    // A member who tries to subscribe on their own is told why there is nothing to pay.
    const own = await t.call('POST', '/api/subscribe', {}, sam);
    expect(own).toMatchObject({ status: 409, body: { error: FIRM_PAYS('Pipe & Sons') } });

    const billing = await t.call('GET', '/api/billing', undefined, dana);
    expect(billing.body.invoices).toHaveLength(1);
    expect(billing.body.invoices[0]).toMatchObject({ status: 'paid', amount: 1485 });
    const pdf = await t.app.request(String(billing.body.invoices[0].pdf), {
      headers: { authorization: `Bearer ${dana}` },
    });
    const text = readPdf(t.dir, Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('TradeCard Profile plan 3 £4.95 £14.85');
    expect(text).toContain('Total £14.85');
  });

  it('follows the members: one joins, the quantity is 4 and the next invoice charges the rest of the month', async () => {
    const { dana, firmId } = await firmOfThree();
    const orderId = await payForTheFirm(firmId, dana);
    const halfway = await daysPass(t, 15);

    const kit = await t.signUp('kit');
    await join(firmId, halfway, 'kit', kit);

    expect(await firmPlan(orderId)).toMatchObject({ quantity: 4 });
    expect(await profileOf(t, kit)).toMatchObject({ isSubscribed: true });
    const renewed = await daysPass(t, 16);
    const invoices = (await t.call('GET', '/api/billing', undefined, renewed)).body.invoices;
    expect(invoices).toHaveLength(2);
    const pdf = await t.app.request(String(invoices[0].pdf), {
      headers: { authorization: `Bearer ${renewed}` },
    });
    const text = readPdf(t.dir, Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain('TradeCard Profile plan 4 £4.95 £19.80');
    expect(text).toMatch(/Unused time on 3 × TradeCard Profile plan/);
    expect(text).toMatch(/Remaining time on 4 × TradeCard Profile plan/);
  });

  it('lets someone join while the provider is down, and catches the plan up when it is back', async () => {
    const { dana, firmId } = await firmOfThree();
    const orderId = await payForTheFirm(firmId, dana);
    const setQuantity = t.deps.payments.setQuantity;
    t.deps.payments.setQuantity = async () => {
      throw new Error('connect ECONNREFUSED api.stripe.com');
    };
    const kit = await t.signUp('kit');
    await join(firmId, dana, 'kit', kit);
    expect(await firmPlan(orderId)).toMatchObject({ quantity: 3 });
    expect(await profileOf(t, kit)).toMatchObject({ isSubscribed: true });

    t.deps.payments.setQuantity = setQuantity;
    expect(await settleFirmBills(t.deps)).toBe(1);
    expect(await firmPlan(orderId)).toMatchObject({ quantity: 4 });
  });

  it('answers a join at once while the provider hangs, and matches the plan when it answers', async () => {
    const { dana, firmId } = await firmOfThree();
    const orderId = await payForTheFirm(firmId, dana);
    const setQuantity = t.deps.payments.setQuantity;
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    t.deps.payments.setQuantity = async (...args) => {
      await answered;
      return setQuantity(...args);
    };
    const kit = await t.signUp('kit');
    const started = Date.now();
    await join(firmId, dana, 'kit', kit);
    // Answered after SETTLE_WAIT_MS at most, with the provider still silent.
    expect(Date.now() - started).toBeLessThan(SETTLE_WAIT_MS + 2000);
    expect(await firmPlan(orderId)).toMatchObject({ quantity: 3 });
    answer();
    await expect.poll(async () => (await firmPlan(orderId)).quantity).toBe(4);
    t.deps.payments.setQuantity = setQuantity;
  });

  it('gives a member who leaves a trial of their own, and takes their place off the bill', async () => {
    const { dana, sam, firmId } = await firmOfThree();
    const orderId = await payForTheFirm(firmId, dana);
    const leftAt = t.deps.now().getTime();

    const left = await t.call('POST', `/api/firms/${firmId}/leave`, {}, sam);

    expect(left.status).toBe(200);
    expect(await firmPlan(orderId)).toMatchObject({ quantity: 2 });
    const trialEnds = new Date(leftAt + 14 * DAY_MS).toISOString();
    expect(await profileOf(t, sam)).toMatchObject({ isSubscribed: false, trialExpires: trialEnds });
    const mail = await t.lastMailTo('sam@example.com');
    expect(mail.subject).toMatch(
      /^Your page stays live until \d+ \w+ 2026: you are no longer in Pipe & Sons$/,
    );
    expect(mail.text).toContain('You left Pipe & Sons.');
    expect(mail.text).toContain('https://tradecard.test/subscription');

    // The usual path from there: a plan of their own starts charging when the trial ends.
    const own = await subscribeAtHostedCheckout(t, sam);
    expect(await orderOf(t, sam, own.id)).toMatchObject({ status: 'trialing', trialEnd: trialEnds });
  });

  it('puts every member on a trial of their own when the firm’s plan ends, rather than taking pages down', async () => {
    const { dana, sam, firmId } = await firmOfThree();
    const orderId = await payForTheFirm(firmId, dana);
    expect((await t.call('POST', '/api/cancel-subscription', { id: orderId }, dana)).status).toBe(200);

    const later = await daysPass(t, 31);

    expect(await firmPlan(orderId)).toMatchObject({ status: 'canceled' });
    // From when we learnt it ended (the clock's tick here), not from the period's end.
    const trialEnds = new Date(t.deps.now().getTime() + 14 * DAY_MS).toISOString();
    const samLater = await t.call('POST', '/api/login', {
      email: 'sam@example.com',
      password: 'Plumber2026',
    });
    expect(await profileOf(t, samLater.body.token)).toMatchObject({
      isSubscribed: false,
      trialExpires: trialEnds,
    });
    expect(await profileOf(t, later)).toMatchObject({ isSubscribed: false, trialExpires: trialEnds });
    const mail = await t.lastMailTo('sam@example.com');
    expect(mail.subject).toMatch(/: Pipe & Sons’s plan has ended$/);
    expect(mail.text).toContain('Pipe & Sons’s plan has ended, so it no longer pays for your page.');
    // The admin who paid hears it from the plan's own mail, once.
    expect((await t.lastMailTo('dana@example.com')).subject).not.toMatch(/Pipe & Sons’s plan has ended/);
    expect(sam).toBeTruthy();
  });

  it('ends a member’s own plan at its period’s end once the firm’s plan pays for their page', async () => {
    const dana = await t.signUp('dana');
    const sam = await t.signUp('sam');
    const own = await subscribeAtHostedCheckout(t, sam);
    const firmId = (await t.call('POST', '/api/firms', { name: 'Pipe & Sons' }, dana)).body.data.id as string;
    await join(firmId, dana, 'sam', sam);
    expect(await orderOf(t, sam, own.id)).toMatchObject({ cancel_at_period_end: false });

    await payForTheFirm(firmId, dana);
    await settleFirmBills(t.deps);

    expect(await orderOf(t, sam, own.id)).toMatchObject({ status: 'trialing', cancel_at_period_end: true });
    expect(await profileOf(t, sam)).toMatchObject({ isSubscribed: true });
    // The mail says why, and that the page stays live: not that it goes offline with the plan.
    const told = await t.lastMailTo('sam@example.com');
    expect(told.subject).toMatch(/^Your own TradeCard plan ends on .+: Pipe & Sons pays for your page$/);
    expect(told.text).toContain('your page stays live on the firm’s plan after that');
    expect(told.text).not.toContain('goes offline');
  });

  it('is one plan a firm, taken out by its admin alone', async () => {
    const { dana, sam, firmId } = await firmOfThree();
    const member = await t.call('POST', `/api/firms/${firmId}/plan`, {}, sam);
    expect(member.status).toBe(403);
    await payForTheFirm(firmId, dana);
    const again = await t.call('POST', `/api/firms/${firmId}/plan`, {}, dana);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: FIRM_HAS_PLAN });
  });

  it('buys cards for a member on the admin’s bill: the firm’s cards, moved on when the member leaves', async () => {
    const { dana, sam, firmId } = await firmOfThree();
    const samId = await accountIdOf(t.db, 'sam');
    const outsider = await t.signUp('olive');

    const refused = await t.call(
      'POST',
      `/api/firms/${firmId}/card-orders`,
      { forAccountId: await accountIdOf(t.db, 'olive'), quantity: 1 },
      dana,
    );
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ error: NOT_A_MEMBER });
    expect(outsider).toBeTruthy();

    const started = await t.call(
      'POST',
      `/api/firms/${firmId}/card-orders`,
      { forAccountId: samId, quantity: 2 },
      dana,
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const back = await payAtHostedCheckout(t, started.body.url, SHIPPING);

    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', back.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ account_id: await accountIdOf(t.db, 'dana'), for_account_id: samId });
    const danaId = await accountIdOf(t.db, 'dana');
    const cards = await firmCards(t.db, t.deps.publicUrl, firmId, danaId);
    expect(cards.map((card) => card.holder.username)).toEqual(['sam', 'sam']);

    // Sam leaves: the cards are the firm's, still listed for the admin, who gives one to Ava.
    expect((await t.call('POST', `/api/firms/${firmId}/leave`, {}, sam)).status).toBe(200);
    const after = await firmCards(t.db, t.deps.publicUrl, firmId, danaId);
    expect(after.map((card) => [card.holder.username, card.holderInFirm])).toEqual([
      ['sam', false],
      ['sam', false],
    ]);
    const code = after[0]?.code as string;
    const moved = await t.call(
      'POST',
      `/api/firms/${firmId}/cards/${code}/reassign`,
      { to: await accountIdOf(t.db, 'ava') },
      dana,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ holder: { username: 'ava' }, holderInFirm: true });
  });
});
