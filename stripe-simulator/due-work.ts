import type { SimulatorContext } from './context';
import { expireSession } from './sessions';
import { nextDueObject } from './store';
import { runSubscriptionStep } from './subscriptions';

/** Far beyond any real backlog (a year of monthly renewals is 12 steps); stops a fault from spinning forever. */
const MAX_STEPS = 10_000;

/**
 * Runs everything due by now, earliest first across sessions and subscriptions, one transaction a step, so the
 * events queue in the order they would have happened. Returns how many steps ran.
 */
export async function runDueWork(ctx: SimulatorContext): Promise<number> {
  const now = ctx.now();
  for (let steps = 0; steps < MAX_STEPS; steps += 1) {
    const due = await nextDueObject(ctx.db, now);
    if (!due) return steps;
    if (due.type === 'checkout.session') await expireSession(ctx, due.id, due.due_at ?? now);
    else if (due.type === 'subscription') await runSubscriptionStep(ctx, due.id, now);
    else throw new Error(`A ${due.type} has no work to fall due.`);
  }
  throw new Error(`Stripe simulator: more than ${MAX_STEPS} steps due at once.`);
}
