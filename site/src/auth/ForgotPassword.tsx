import { type FormEvent, useEffect, useRef, useState } from 'react';
import { messageAnswerLater } from '../lib/answers-later';
import { callApi } from '../lib/api';
import { toast } from '../stores/toasts';
import { emailProblem, normaliseEmail } from './fields';
import { messageOf } from './messages';
import { TextField } from './TextField';

type Props = { initialEmail: string; onBack: () => void };

/** Login's forgot-password mode (SPEC §2): mails a reset link. */
export function ForgotPassword({ initialEmail, onBack }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) {
      setError(problem);
      toast.error(problem);
      input.current?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const answer = await callApi('/forgot-password', messageAnswerLater, {
        method: 'POST',
        body: { email: normaliseEmail(email) },
        fallback: 'Failed to send reset link',
      });
      const message = answer.message ?? 'Password reset link sent to your email!';
      setSent(message);
      toast.success(message);
    } catch (failure) {
      const message = messageOf(failure, 'Failed to send reset link');
      setError(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="form auth__form" onSubmit={submit} noValidate>
      <p>Enter the email you signed up with and we’ll send you a link to choose a new password.</p>
      <TextField
        ref={input}
        id="forgot-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        error={error}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {sent && (
        <p className="auth__sent" role="status">
          {sent}
        </p>
      )}
      <button className="button" type="submit" disabled={sending}>
        {sending ? 'Sending…' : 'Send reset link'}
      </button>
      <button className="button button--ghost" type="button" onClick={onBack}>
        Back to login
      </button>
    </form>
  );
}
