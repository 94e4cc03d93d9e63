import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  type LocalPayments,
  PUBLIC_URL,
  setUpLocalPayments,
} from '../../../tests/support/api/payments/local-checkout';

let local: LocalPayments;
beforeEach(async () => {
  local = await setUpLocalPayments();
});
afterEach(() => local.close());

describe('paying for cards', () => {
  it('completes the session and reports it as Stripe would, then sends the customer on', async () => {
    const { sessionId } = await local.checkout({ quantity: 2, orderId: 'order-a' });
    const response = await local.submit(sessionId, ADDRESS);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${PUBLIC_URL}/orders/done?session=${sessionId}`);
    expect(local.types()).toEqual(['checkout.completed']);
    const [event] = local.delivered;
    if (event?.type !== 'checkout.completed') throw new Error('expected checkout.completed');
    expect(event.id).toMatch(/^evt_local_/);
    expect(event.session).toMatchObject({
      id: sessionId,
      mode: 'payment',
      status: 'complete',
      paymentStatus: 'paid',
      orderId: 'order-a',
      accountId: 'u1',
      customerEmail: 'u1@example.com',
      customerName: 'Sam Sparks',
      amountTotal: 4990,
      currency: 'gbp',
      quantity: 2,
      subscriptionId: null,
      shipping: {
        name: 'Sam Sparks',
        address: {
          line1: '1 High Street',
          line2: null,
          city: 'Leeds',
          state: 'West Yorkshire',
          postal_code: 'LS1 4AP',
          country: 'GB',
        },
      },
    });
    expect(event.session.customerId).toMatch(/^cus_local_/);
    expect(event.session.paymentIntentId).toMatch(/^pi_local_/);
    expect(await local.provider.retrieveCheckout(sessionId)).toEqual(event.session);
  });

  it('keeps what was typed and says what is wrong', async () => {
    const { sessionId } = await local.checkout();
    const response = await local.submit(sessionId, {
      ...ADDRESS,
      name: 'Sam <Sparks>',
      line1: '',
      city: 'x'.repeat(201),
      postal_code: 'NOT A CODE',
    });
    const body = await response.text();
    expect(response.status).toBe(400);
    expect(body).toContain('Test mode — no real payment is taken');
    expect(body).toContain('role="alert"');
    expect(body).toContain('Enter the first line of the address.');
    expect(body).toContain('Town or city must be 200 characters or fewer.');
    expect(body).toContain('Enter a real UK postcode, like SW1A 1AA.');
    expect(body).toContain('value="Sam &lt;Sparks&gt;"');
    expect(body).toContain('value="NOT A CODE"');
    expect(body).toMatch(/id="f-line1"[^>]*aria-invalid="true"/);
    expect(local.delivered).toEqual([]);
    expect((await local.provider.retrieveCheckout(sessionId))?.status).toBe('open');
  });

  it('refuses a country it does not ship to and a card that is not a test card', async () => {
    const { sessionId } = await local.checkout();
    const response = await local.submit(sessionId, { ...ADDRESS, country: 'ZZ', card: '4000' });
    const body = await response.text();
    expect(response.status).toBe(400);
    expect(body).toContain('Choose a country we ship to.');
    expect(body).toContain('Choose one of the test cards.');
  });

  it('accepts a foreign postcode as written there', async () => {
    const { sessionId } = await local.checkout();
    const response = await local.submit(sessionId, { ...ADDRESS, country: 'IE', postal_code: 'd02 x285' });
    expect(response.status).toBe(303);
    const session = await local.provider.retrieveCheckout(sessionId);
    expect(session?.shipping?.address).toMatchObject({ country: 'IE', postal_code: 'D02 X285' });
  });

  it('declines the declining card, completing nothing, and then takes the other', async () => {
    const { sessionId } = await local.checkout();
    const declined = await local.submit(sessionId, { ...ADDRESS, card: '0341' });
    const body = await declined.text();
    expect(declined.status).toBe(402);
    expect(body).toContain('Your card was declined. Try the other test card.');
    expect(body).toContain('value="Sam Sparks"');
    expect(body).toMatch(/value="0341" checked/);
    expect(local.delivered).toEqual([]);
    expect((await local.provider.retrieveCheckout(sessionId))?.status).toBe('open');

    expect((await local.submit(sessionId, ADDRESS)).status).toBe(303);
    expect(local.types()).toEqual(['checkout.completed']);
  });

  it('completes once however often the form is posted', async () => {
    const { sessionId } = await local.checkout();
    const [first, second] = await Promise.all([
      local.submit(sessionId, ADDRESS),
      local.submit(sessionId, ADDRESS),
    ]);
    const third = await local.submit(sessionId, ADDRESS);
    for (const response of [first, second, third]) expect(response?.status).toBe(303);
    expect(local.types()).toEqual(['checkout.completed']);
    const customerId = (await local.provider.retrieveCheckout(sessionId))?.customerId ?? '';
    expect((await local.provider.billing(customerId)).invoices).toHaveLength(1);
  });

  it('still confirms the payment when the order handler fails, and delivers the event later', async () => {
    const { sessionId } = await local.checkout();
    local.failDeliveries(true);
    const response = await local.submit(sessionId, ADDRESS);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).toContain('Your payment went through');
    expect(body).toContain('Your order will appear shortly');
    expect((await local.provider.retrieveCheckout(sessionId))?.status).toBe('complete');

    local.failDeliveries(false);
    expect(await local.provider.advance()).toBe(1);
    expect(local.types()).toEqual(['checkout.completed']);
  });

  it('reuses the customer an earlier order named, with the card just chosen', async () => {
    const first = await local.checkout();
    await local.submit(first.sessionId, ADDRESS);
    const customerId = (await local.provider.retrieveCheckout(first.sessionId))?.customerId ?? null;
    const second = await local.checkout({ customerId, quantity: 1 });
    await local.submit(second.sessionId, { ...ADDRESS, card: '4242' });
    expect((await local.provider.retrieveCheckout(second.sessionId))?.customerId).toBe(customerId);
    expect((await local.provider.billing(customerId ?? '')).invoices).toHaveLength(2);
  });
});
