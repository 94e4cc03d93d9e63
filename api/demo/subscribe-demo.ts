import type { Deps } from '../deps';
import { completeCheckout } from '../payments/local/complete';
import { startCheckout } from '../payments/start-checkout';

/**
 * On the built-in provider, the sample account subscribes with the always-paying test card, through the same
 * checkout a person uses, so /u/demo stays live past its trial on a long-running instance. With Stripe there is no
 * test card to use, and the sample page lives for its 14-day trial.
 */
export async function subscribeDemo(
  deps: Pick<Deps, 'db' | 'payments' | 'publicUrl' | 'now' | 'onAppended'>,
  accountId: string,
): Promise<boolean> {
  if (deps.payments.name !== 'local' || !deps.payments.advance) return false;
  const { sessionId } = await startCheckout(deps, accountId, {
    kind: 'subscription',
    quantity: 1,
    reorderOf: null,
    cancelUrl: null,
  });
  const completed = await completeCheckout(deps.db, {
    sessionId,
    card: '4242',
    shipping: null,
    at: deps.now().toISOString(),
    publicUrl: deps.publicUrl,
  });
  if (completed !== 'completed') throw new Error(`The sample subscription did not complete (${completed}).`);
  await deps.payments.advance();
  return true;
}
