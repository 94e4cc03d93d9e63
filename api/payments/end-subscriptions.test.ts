import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { createTestApp } from '../../tests/support/api/app';
import { profileOf, subscribeAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { endRetiredSubscriptions, RETIRED_PROVIDER } from './end-subscriptions';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('deleting an account with a subscription of the retired built-in provider', () => {
  it('ends it in our records, asks no provider, and deletes the account', async () => {
    const token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token);
    // As an install upgraded past migration 0012 has it: an order the old local provider took, whose books are gone
    // (the simulator is not asked: it would answer that it still bills this one).
    await t.db.updateTable('orders').set({ provider: RETIRED_PROVIDER }).where('id', '=', id).execute();

    const deleted = await t.call('DELETE', '/api/profile', undefined, token);
    expect(deleted.status).toBe(200);
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
    const types = [];
    for await (const event of readAll(t.db)) types.push(event.type);
    expect(types).toContain('SubscriptionEnded');
  });
});

describe('a subscription of the retired built-in provider, which nobody bills any more', () => {
  it('keeps its page until the paid time (here the trial) is up, then ends', async () => {
    const token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token);
    await t.db.updateTable('orders').set({ provider: RETIRED_PROVIDER }).where('id', '=', id).execute();
    const { trial_end } = await t.db
      .selectFrom('orders')
      .select('trial_end')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

    expect(await endRetiredSubscriptions(t.deps)).toBe(0);
    expect((await profileOf(t, token)).isSubscribed).toBe(true);
    t.advance(Date.parse(trial_end as string) - t.deps.now().getTime() + 1000);
    expect(await endRetiredSubscriptions(t.deps)).toBe(1);
    expect(await endRetiredSubscriptions(t.deps)).toBe(0);
    const order = await t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(order.status).toBe('canceled');
    expect(order.ended_at).not.toBeNull();
  });
});
