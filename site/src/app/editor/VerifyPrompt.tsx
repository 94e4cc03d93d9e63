import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { messageAnswer } from '../../../../contract/message';
import { callApi } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';

/** SPEC §9: 30 seconds between resends. */
export const RESEND_COOLDOWN_S = 30;
const CODE_LENGTH = 6;

/**
 * SPEC §4 "Email verification prompt": shown while the address is unverified. Sharing waits for it; the code can
 * be entered right here, and Resend waits 30 seconds after each code sent.
 */
export function VerifyPrompt({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const [wait, setWait] = useState(0);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function resend() {
    setBusy(true);
    try {
      const answer = await callApi('/resend-code', messageAnswer, {
        method: 'POST',
        body: { email },
        fallback: 'Could not resend code.',
      });
      toast.success(answer.message ?? 'New code sent!');
      setWait(RESEND_COOLDOWN_S);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not resend code.');
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await callApi('/verify-email', messageAnswer, {
        method: 'POST',
        body: { email, code },
        fallback: 'Verification failed.',
      });
      toast.success('Email verified successfully!');
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Verification failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ed-banner ed-banner--warn" aria-labelledby="ed-verify-title">
      <h2 id="ed-verify-title">Verify your email</h2>
      <p>
        We sent a 6-digit code to <strong>{email}</strong>. You can share your card once your email is
        verified.
      </p>
      <form className="ed-verify" onSubmit={(event) => void verify(event)}>
        <label>
          Verification code
          <input
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={CODE_LENGTH}
            required
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          />
        </label>
        <button type="submit" className="button ed-small" disabled={busy || code.length !== CODE_LENGTH}>
          Verify
        </button>
        <button
          type="button"
          className="button button--ghost ed-small"
          disabled={busy || wait > 0}
          onClick={() => void resend()}
        >
          {wait > 0 ? `Resend in ${wait}s` : 'Resend'}
        </button>
      </form>
    </section>
  );
}
