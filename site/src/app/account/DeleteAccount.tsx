import { useEffect, useReducer } from 'react';
import { messageAnswer } from '../../../../contract/message';
import { ApiError, callApi } from '../../lib/api';
import { signOut } from '../../stores/session';
import { toast } from '../../stores/toasts';
import { useOrders } from '../orders/api';
import {
  canConfirm,
  DELETE_FAILED,
  DELETE_SERVER_ERROR,
  DELETED,
  deleteButtonLabel,
  deleteCountdown,
  deleteFailureMessage,
  IDLE,
} from './delete-countdown';
import { unshippedCardsNotice } from './unshipped-cards';

const SECOND = 1000;

/**
 * SPEC §4 "Account deletion". The button is aria-disabled rather than disabled while counting down, so keyboard
 * focus stays on it and Enter works the moment it reaches 0.
 */
export function DeleteAccount() {
  const [state, dispatch] = useReducer(deleteCountdown, IDLE);
  // Issue 28: cards still to be made are named before anything is pressed; the text below says the rule.
  const orders = useOrders();
  const unshipped = orders.data ? unshippedCardsNotice(orders.data) : null;
  const remaining = state.step === 'armed' ? state.remaining : 0;
  const counting = remaining > 0;

  // One tick per second while counting: each new value schedules the next.
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => dispatch({ type: 'tick' }), SECOND);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  async function erase() {
    try {
      await callApi('/profile', messageAnswer, { method: 'DELETE', fallback: DELETE_FAILED });
      signOut();
      toast.success(DELETED);
      window.location.assign('/');
    } catch (error) {
      toast.error(
        error instanceof ApiError ? deleteFailureMessage(error.status, error.message) : DELETE_SERVER_ERROR,
      );
    } finally {
      dispatch({ type: 'settled' });
    }
  }

  function press() {
    if (canConfirm(state)) void erase();
    dispatch({ type: 'press' });
  }

  const locked = counting || state.step === 'deleting';

  return (
    <section className="card account-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete Your Account</h2>
      <p id="delete-what">
        This erases your account, your page and its photos, and ends any plan you have. It can’t be undone.
      </p>
      <p id="delete-kept">
        Card orders you have paid for that haven’t shipped yet are cancelled, and refunded to the card you
        paid with. We keep the record of each payment, without your name or address, for 6 years, as HMRC
        requires. Your username stays reserved for 12 months so your printed cards don’t open someone else’s
        page; they’ll say the card is no longer in use. We email you when it’s done.
      </p>
      {unshipped && (
        <p id="delete-orders" className="account-danger__orders">
          <strong>{unshipped}</strong>
        </p>
      )}
      <p className="account-danger__status" aria-live="polite">
        {state.step === 'armed' &&
          (counting
            ? 'Are you sure? You can confirm in a moment.'
            : 'Press Confirm delete to erase your account now, or Cancel to keep it.')}
      </p>
      <div className="account-danger__actions">
        <button
          type="button"
          className="button button--danger"
          aria-disabled={locked || undefined}
          aria-describedby={unshipped ? 'delete-what delete-orders delete-kept' : 'delete-what delete-kept'}
          onClick={press}
        >
          {deleteButtonLabel(state)}
        </button>
        {state.step === 'armed' && (
          <button type="button" className="button button--ghost" onClick={() => dispatch({ type: 'cancel' })}>
            Cancel
          </button>
        )}
      </div>
    </section>
  );
}
