import type { Deps } from '../deps';
import { startCheckout } from '../payments/start-checkout';

/**
 * On the built-in simulator, the sample account subscribes with the always-paying test card, through the same
 * checkout and signed webhooks a person's sign-up takes, so /u/demo stays live past its trial on a long-running
 * instance. With Stripe there is no test card to use, and the sample page lives for its 14-day trial.
 */
export async function subscribeDemo(
  deps: Pick<Deps, 'db' | 'payments' | 'stripeSimulator' | 'publicUrl' | 'now' | 'onAppended'>,
  accountId: string,
): Promise<boolean> {
  if (!deps.stripeSimulator) return false;
  const { sessionId } = await startCheckout(deps, accountId, {
    kind: 'subscription',
    quantity: 1,
    reorderOf: null,
    cancelUrl: null,
  });
  // Its webhooks are delivered before it returns: the subscription is recorded by then.
  const paid = await deps.stripeSimulator.payCheckout(sessionId, { card: '4242', shipping: null });
  if (paid !== 'completed') throw new Error(`The sample subscription did not complete (${paid}).`);
  return true;
}
