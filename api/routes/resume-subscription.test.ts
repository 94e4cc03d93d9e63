import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { daysPass, orderOf, subscribeAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { PLAN_KEPT } from './orders';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const resume = (token: string, body: unknown) => t.call('POST', '/api/resume-subscription', body, token);

describe('POST /api/resume-subscription (Keep my plan)', () => {
  it('keeps a plan set to cancel: it renews at the period end instead of ending', async () => {
    let token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token);
    token = await daysPass(t, 15);
    expect((await t.call('POST', '/api/cancel-subscription', { id }, token)).status).toBe(200);

    const kept = await resume(token, { id });
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe(PLAN_KEPT);
    expect(kept.body.data).toMatchObject({ id, status: 'active', cancel_at_period_end: false });
    expect(kept.body.data.metadata.cancelledAt).toBeNull();

    // Asking again changes nothing and still answers with the plan.
    const again = await resume(token, { id });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id, cancel_at_period_end: false });

    token = await daysPass(t, 31);
    expect(await orderOf(t, token, id)).toMatchObject({
      status: 'active',
      endedAt: null,
      currentPeriodStart: '2027-01-06T09:00:00.000Z',
    });
  });

  it('can be cancelled, kept and cancelled again on the same day, each reaching the provider', async () => {
    const token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token);
    await t.call('POST', '/api/cancel-subscription', { id }, token);
    await resume(token, { id });
    const cancelledAgain = await t.call('POST', '/api/cancel-subscription', { id }, token);
    expect(cancelledAgain.body.data).toMatchObject({ cancel_at_period_end: true });
    const stripe = t.deps.stripeSimulator;
    expect(stripe).toBeDefined();
    const order = await orderOf(t, token, id);
    const events = ((await stripe?.events()) ?? []) as {
      type: string;
      object: { cancel_at_period_end?: boolean };
    }[];
    const updates = events.filter((event) => event.type === 'customer.subscription.updated');
    expect(updates.map((event) => event.object.cancel_at_period_end)).toEqual([true, false, true]);
    expect(order).toMatchObject({ cancel_at_period_end: true });
  });

  it('answers someone else’s plan, a missing id and an ended plan with an error a person can read', async () => {
    const token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token);
    const other = await t.signUp('sam', 'sam@example.com');

    const foreign = await resume(other, { id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'We couldn’t find that subscription.' });

    const empty = await resume(token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Which subscription? Send its id.');

    expect((await t.call('POST', '/api/resume-subscription', { id })).status).toBe(401);

    await t.call('DELETE', '/api/profile', undefined, token);
    const signedOut = await resume(token, { id });
    expect(signedOut.status).toBe(401);
  });
});
