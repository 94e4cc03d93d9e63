import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { cardReplacedAnswer, cardSetupAnswer } from '../../../../contract/billing';
import { ApiError, callApi } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { syncSubscriptions } from './payment-return';
import { withoutQuery } from './return-address';

export const SETUP_FAILED = 'Could not open the card form. Please try again.';
export const CONFIRM_FAILED = 'Could not save your new card. Please try again.';
/** Where the provider sends the browser back to, naming the setup checkout (api/routes/payment-method.ts). */
export const SETUP_RETURN_PARAM = 'setup_session_id';

/** '+ Add Payment Method': off to the provider's page to save a new card. Returns a problem to show, or null. */
export async function startCardSetup(go: (url: string) => void): Promise<string | null> {
  try {
    const { url } = await callApi('/billing/payment-method', cardSetupAnswer, {
      method: 'POST',
      body: { cancelUrl: window.location.href },
      fallback: SETUP_FAILED,
    });
    go(url);
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.message : SETUP_FAILED;
  }
}

/**
 * Back on the billing page from saving a card: the API makes it the one charged (and pays what was due with it);
 * the page then shows the new card and the plan as it now stands, and the address loses the session id.
 */
export function useCardSetupReturn() {
  const client = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    const sessionId = new URLSearchParams(window.location.search).get(SETUP_RETURN_PARAM);
    if (!sessionId || started.current) return;
    started.current = true;
    void (async () => {
      try {
        const answer = await callApi('/billing/payment-method/confirm', cardReplacedAnswer, {
          method: 'POST',
          body: { sessionId },
          fallback: CONFIRM_FAILED,
        });
        client.setQueryData(['billing'], answer.billing);
        if (answer.paymentDue === 'declined') toast.error(answer.message);
        else toast.success(answer.message);
        await syncSubscriptions(client);
      } catch (error) {
        toast.error(error instanceof ApiError ? error.message : CONFIRM_FAILED);
      } finally {
        window.history.replaceState(window.history.state, '', withoutQuery(window.location));
      }
    })();
  }, [client]);
}
