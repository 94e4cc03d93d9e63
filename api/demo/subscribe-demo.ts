import type { Deps } from '../deps';
import { completeCheckout } from '../payments/local/complete';
import type { LocalProvider } from '../payments/local/provider';
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
  const local = deps.payments as Partial<LocalProvider> & Deps['payments'];
  if (local.name !== 'local' || !local.advance) return false;
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
  await local.advance();
  return true;
}
