import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messageAnswerLater } from '../lib/answers-later';
import { callApi } from '../lib/api';
import { toast } from '../stores/toasts';
import { RESEND_WAIT_SECONDS, useCountdown } from './countdown';
import { messageOf } from './messages';
import { TextField } from './TextField';

export const CODE_FORMAT = 'Please enter the 6-digit code.';
export const VERIFIED = 'Email verified! Logging you in...';

type Props = {
  email: string;
  /** SPEC §8 words it differently on the register and login screens. */
  resentMessage: string;
  /** Signs in once the code is accepted; false if that failed and the step should take input again. */
  onVerified: () => Promise<boolean>;
  /** Seconds before Resend is offered; 0 when no code went out, so one can be asked for at once. */
  initialWait?: number;
};

/**
 * SPEC §5: six digits, numeric, nothing past the sixth. Capped here rather than with maxLength, which would cut a
 * pasted '123 456' at its space before the digits could be picked out.
 */
const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 6);

export function CodeStep({ email, resentMessage, onVerified, initialWait = RESEND_WAIT_SECONDS }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const { secondsLeft, restart } = useCountdown(initialWait);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  function fail(message: string) {
    setError(message);
    toast.error(message);
    input.current?.focus();
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    if (!email) return fail('Email not found. Cannot verify.');
    if (code.length !== 6) return fail(CODE_FORMAT);
    setError(undefined);
    setBusy('verify');
    try {
      await callApi('/verify-email', messageAnswerLater, {
        method: 'POST',
        body: { email, code },
        fallback: 'Verification failed.',
      });
    } catch (problem) {
      setBusy(null);
      return fail(messageOf(problem, 'Verification failed.'));
    }
    toast.success(VERIFIED);
    // On success the browser is leaving; staying busy stops a second submit meanwhile.
    if (!(await onVerified())) setBusy(null);
  }

  async function resend() {
    if (!email) return fail('Email not found. Please log in again.');
    setBusy('resend');
    try {
      await callApi('/resend-code', messageAnswerLater, {
        method: 'POST',
        body: { email },
        fallback: 'Could not resend code.',
      });
      toast.success(resentMessage);
      setError(undefined);
      setCode('');
      restart();
      input.current?.focus();
    } catch (problem) {
      fail(messageOf(problem, 'Could not resend code.'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form className="form auth__form" onSubmit={verify} noValidate>
      <TextField
        ref={input}
        id="verification-code"
        name="code"
        label="Verification code"
        hint="6 digits, valid for 10 minutes."
        error={error}
        value={code}
        onChange={(e) => setCode(digitsOnly(e.target.value))}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        className="auth__code"
      />
      <button className="button" type="submit" disabled={busy !== null}>
        {busy === 'verify' ? 'Verifying…' : 'Verify email'}
      </button>
      <button
        className="button button--ghost"
        type="button"
        disabled={busy !== null || secondsLeft > 0}
        onClick={() => void resend()}
      >
        {busy === 'resend' ? 'Sending…' : secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : 'Resend code'}
      </button>
    </form>
  );
}
