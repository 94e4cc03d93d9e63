import { useState } from 'react';
import { messageAnswer } from '../../../../contract/message';
import { ApiError, callApi } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { RESET_FAILED, RESET_NO_EMAIL, RESET_SENT } from './account-fields';

/** SPEC §5: the password is changed by a link sent to the account's email, never typed in here. */
export function PasswordReset({ email }: { email: string }) {
  const [sending, setSending] = useState(false);

  async function reset() {
    const address = email.trim().toLowerCase();
    if (!address) {
      toast.error(RESET_NO_EMAIL);
      return;
    }
    setSending(true);
    try {
      await callApi('/forgot-password', messageAnswer, {
        method: 'POST',
        body: { email: address },
        fallback: RESET_FAILED,
      });
      toast.success(RESET_SENT);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : RESET_FAILED);
    } finally {
      setSending(false);
    }
  }

  return (
    <fieldset className="account-form__password">
      <legend className="account-form__label">Password</legend>
      <div className="account-form__row">
        <span id="password-hint" className="account-form__hint">
          We’ll email you a link to choose a new one.
        </span>
        <button
          type="button"
          className="button button--ghost"
          aria-describedby="password-hint"
          // Until the profile has loaded there is no address to send the link to.
          disabled={sending || !email.trim()}
          onClick={() => void reset()}
        >
          {sending ? (
            'Sending…'
          ) : (
            <>
              Reset<span className="visually-hidden"> password</span>
            </>
          )}
        </button>
      </div>
    </fieldset>
  );
}
