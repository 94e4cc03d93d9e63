import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import {
  daysPass,
  orderOf,
  payAtHostedCheckout,
  subscribeAtHostedCheckout,
} from '../../tests/support/api/payments/flows';
import {
  CARD_REPLACED,
  CARD_REPLACED_DECLINED,
  CARD_REPLACED_PAID,
  NO_CARD_YET,
  SETUP_NOT_FINISHED,
  SETUP_NOT_FOUND,
} from './payment-method';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** '+ Add Payment Method': the provider's page saves the card, then the billing page confirms it. */
async function replaceCard(token: string, card: '4242' | '0341') {
  const setup = await t.call('POST', '/api/billing/payment-method', {}, token);
  expect(setup.status).toBe(200);
  const back = await payAtHostedCheckout(t, setup.body.url, { card });
  expect(back).toBeDefined();
  return t.call('POST', '/api/billing/payment-method/confirm', { sessionId: setup.body.sessionId }, token);
}

describe('replacing the card (POST /api/billing/payment-method)', () => {
  it('payment failed → replace the card → the renewal is paid and the plan is active', async () => {
    let token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token, '0341');
    token = await daysPass(t, 15);
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'past_due' });

    const replaced = await replaceCard(token, '4242');

    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ success: true, message: CARD_REPLACED_PAID, paymentDue: 'paid' });
    expect(replaced.body.billing.paymentMethod.card.last4).toBe('4242');
    expect(replaced.body.billing.invoices[0]).toMatchObject({ amount: 495 });
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'active' });
    // And the next month is charged to the new card.
    token = await daysPass(t, 31);
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'active' });
    const billing = await t.call('GET', '/api/billing', undefined, token);
    expect(billing.body.invoices.slice(0, 2).map((invoice: { amount: number }) => invoice.amount)).toEqual([
      495, 495,
    ]);
  });

  it('brings back a plan the provider gave up on and keeps unpaid: the new card pays what is due', async () => {
    t.deps.stripeSimulator?.setAfterLastRetry('unpaid');
    let token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token, '0341');
    token = await daysPass(t, 24);
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'unpaid' });

    const replaced = await replaceCard(token, '4242');

    expect(replaced.body).toMatchObject({ message: CARD_REPLACED_PAID, paymentDue: 'paid' });
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'active' });
  });

  it('says so when the new card is declined too, and the plan stays past due', async () => {
    let token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token, '0341');
    token = await daysPass(t, 15);
    const replaced = await replaceCard(token, '0341');
    expect(replaced.body).toMatchObject({ message: CARD_REPLACED_DECLINED, paymentDue: 'declined' });
    expect(await orderOf(t, token, id)).toMatchObject({ status: 'past_due' });
  });

  it('changes the card of a plan in good standing without charging it', async () => {
    const token = await t.signUp();
    await subscribeAtHostedCheckout(t, token, '4242');
    const replaced = await replaceCard(token, '0341');
    expect(replaced.body).toMatchObject({ message: CARD_REPLACED, paymentDue: 'none' });
    expect(replaced.body.billing.paymentMethod.card.last4).toBe('0341');
    // Changed again within the minute: a new form, not the one just used (which would save nothing new).
    expect((await replaceCard(token, '4242')).body.billing.paymentMethod.card.last4).toBe('4242');
  });

  it('refuses with a sentence: no card yet, an unfinished or unknown update, someone else’s', async () => {
    const token = await t.signUp();
    const none = await t.call('POST', '/api/billing/payment-method', {}, token);
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ error: NO_CARD_YET });

    await subscribeAtHostedCheckout(t, token, '4242');
    const open = await t.call('POST', '/api/billing/payment-method', {}, token);
    const unfinished = await t.call(
      'POST',
      '/api/billing/payment-method/confirm',
      { sessionId: open.body.sessionId },
      token,
    );
    expect(unfinished.status).toBe(409);
    expect(unfinished.body).toEqual({ error: SETUP_NOT_FINISHED });

    const missing = await t.call('POST', '/api/billing/payment-method/confirm', {}, token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Which card update? sessionId is missing.');

    const sam = await t.signUp('sam', 'sam@example.com');
    await subscribeAtHostedCheckout(t, sam, '4242');
    const foreign = await t.call(
      'POST',
      '/api/billing/payment-method/confirm',
      { sessionId: open.body.sessionId },
      sam,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: SETUP_NOT_FOUND });

    expect((await t.call('POST', '/api/billing/payment-method', {})).status).toBe(401);

    // Asked again within the minute, the same form comes back rather than a new session at the provider.
    const again = await t.call('POST', '/api/billing/payment-method', {}, token);
    expect(again.body.sessionId).toBe(open.body.sessionId);
  });
});

describe('a card saved without coming back to the billing page', () => {
  it('is made the one charged by the provider’s webhook, and the payment due goes through', async () => {
    let token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token, '0341');
    token = await daysPass(t, 15);
    const setup = await t.call('POST', '/api/billing/payment-method', {}, token);
    // The hosted page posts its webhooks before redirecting; the browser is then closed, and confirm never runs.
    await payAtHostedCheckout(t, setup.body.url, { card: '4242' });
    await t.deps.stripeSimulator?.deliverPending();

    expect(await orderOf(t, token, id)).toMatchObject({ status: 'active' });
    const billing = await t.call('GET', '/api/billing', undefined, token);
    expect(billing.body.paymentMethod.card.last4).toBe('4242');

    // Coming back later changes nothing more: the same answer, no second charge.
    const late = await t.call(
      'POST',
      '/api/billing/payment-method/confirm',
      { sessionId: setup.body.sessionId },
      token,
    );
    expect(late.body).toMatchObject({ paymentDue: 'paid' });
    expect(late.body.billing.invoices).toHaveLength(billing.body.invoices.length);
  });
});

describe('the failed-payment mail (issue 28)', () => {
  const lastMail = async (subject: string) =>
    (await t.outbox()).findLast((mail) => mail.subject === subject)?.text ?? '';

  it('says a new card is charged at once and names the invoice, and a new card is charged at once', async () => {
    let token = await t.signUp();
    await subscribeAtHostedCheckout(t, token, '0341');
    token = await daysPass(t, 15);

    const failed = await lastMail('Your TradeCard payment didn’t go through');
    expect(failed).toContain('We will try your card again on 9 December 2026.');
    expect(failed).toContain(
      'Update your card and we take the payment from it straight away, without waiting for the next try.',
    );
    expect(failed).not.toContain('the next try will use it');
    expect(failed).toMatch(/^Invoice: TC-0002$/m);
    expect(failed).not.toMatch(/^Reference:/m);

    // As the mail says: the new card pays on the day it is given (7 December), not at the next try (9 December).
    const replaced = await replaceCard(token, '4242');
    expect(replaced.body).toMatchObject({ paymentDue: 'paid' });
    expect(replaced.body.billing.invoices[0]).toMatchObject({
      number: 'TC-0002',
      status: 'paid',
      amount: 495,
    });
    const receipt = await lastMail('Your TradeCard receipt – £4.95');
    expect(receipt).toContain('Paid: £4.95\nDate: 7 December 2026\nInvoice: TC-0002');
    expect(receipt).not.toMatch(/^Reference:/m);
  });
});
