import { storePostAuthAction } from '../stores/post-auth';
import { $session } from '../stores/session';
import { checkoutAnswerLater } from './answers-later';
import { ApiError, callApi } from './api';
import { clampQuantity } from './quantity';
import { PATHS } from './routes';

export { clampQuantity, MAX_QUANTITY } from './quantity';

/**
 * The quantity in the box while it is being typed in: null while it is empty, so clearing it to type another number
 * does not put a 1 in front of what comes next (Backspace then 5 must be 5, not 15).
 */
export const typedQuantity = (typed: string) => (typed.trim() === '' ? null : clampQuantity(Number(typed)));

type Go = (url: string) => void;

/**
 * SPEC §4: signed out, Buy Now stores the pending purchase and goes to /register; signed in, it opens checkout.
 * Returns an error message to show, or null once the browser is on its way.
 */
export async function buyCards(quantity: number, go: Go): Promise<string | null> {
  if (!$session.get()) {
    storePostAuthAction({ type: 'buy_card', payload: { quantity } });
    go(PATHS.register);
    return null;
  }
  try {
    const { url } = await callApi('/checkout/create-checkout-session', checkoutAnswerLater, {
      method: 'POST',
      body: { quantity, cancelUrl: window.location.href },
      fallback: 'Could not start checkout. Please try again.',
    });
    if (!url) return 'Payment provider redirect failed. Please try again.';
    go(url);
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.message : 'Checkout failed. Please try again.';
  }
}

/** SPEC §4: signed out, Start Trial stores 'subscribe' and goes to /register; signed in, it opens checkout. */
export async function startSubscription(go: Go): Promise<string | null> {
  if (!$session.get()) {
    storePostAuthAction({ type: 'subscribe' });
    go(PATHS.register);
    return null;
  }
  try {
    const { url } = await callApi('/subscribe', checkoutAnswerLater, {
      method: 'POST',
      body: { returnUrl: `${window.location.origin}/SuccessSubscription`, cancelUrl: window.location.href },
      fallback: 'Could not start subscription. Please try again.',
    });
    if (!url) return 'Failed to start subscription. Please try again.';
    go(url);
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.message : 'Subscription failed. Please try again.';
  }
}
