import { type FormEvent, useEffect, useState } from 'react';
import { useHydrated } from '../auth/hydration';
import { messageOf } from '../auth/messages';
import { PasswordChecklist } from '../auth/PasswordChecklist';
import { allMet, PASSWORD_REQUIREMENTS_MESSAGE, passwordChecks, resetPasswordChecks } from '../auth/password';
import { resetTokenFrom } from '../auth/reset-token';
import { focusFirst, TextField } from '../auth/TextField';
import { messageAnswerLater } from '../lib/answers-later';
import { callApi } from '../lib/api';
import { PATHS } from '../lib/routes';
import { toast } from '../stores/toasts';

type Field = 'password' | 'confirmation';

const MISSING_TOKEN = 'Invalid or missing password reset token.';
const FAILED = 'Could not reset password. Please check the link and try again.';
const RULES_ID = 'reset-password-rules';

function leaveForLogin() {
  toast.errorBeforeLeaving(MISSING_TOKEN);
  window.location.replace(PATHS.login);
}

/** SPEC §2 "Reset password": the page for every /reset-password/<token> link the reset mail carries. */
export default function ResetPasswordForm() {
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [showRules, setShowRules] = useState(false);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();

  useEffect(() => {
    const found = resetTokenFrom(window.location.pathname);
    if (found) setToken(found);
    else leaveForLogin();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return leaveForLogin();
    const found: Partial<Record<Field, string>> = {};
    if (!allMet(passwordChecks(password))) found.password = PASSWORD_REQUIREMENTS_MESSAGE;
    else if (!allMet(resetPasswordChecks(password, confirmation)))
      found.confirmation = PASSWORD_REQUIREMENTS_MESSAGE;
    setErrors(found);
    setProblem(null);
    setShowRules(true);
    const first = focusFirst(found, ['password', 'confirmation'], 'reset');
    if (first) {
      toast.error(first);
      return;
    }
    setSending(true);
    try {
      await callApi(`/reset-password/${encodeURIComponent(token)}`, messageAnswerLater, {
        method: 'POST',
        body: { password },
        fallback: FAILED,
      });
      toast.success('Password reset successful! You can now log in.');
      window.location.assign(PATHS.login);
    } catch (failure) {
      const message = messageOf(failure, FAILED);
      setProblem(message);
      toast.error(message);
      setSending(false);
    }
  }

  const describedBy = showRules ? RULES_ID : undefined;
  return (
    <div className="card auth__card">
      <h1>Choose a new password</h1>
      <p className="auth__intro">After this, every device signed in to your account is signed out.</p>
      <form
        className="form auth__form"
        onSubmit={submit}
        noValidate
        aria-describedby={problem ? 'reset-problem' : undefined}
      >
        <fieldset className="auth__controls" disabled={!hydrated}>
          {problem && (
            <p id="reset-problem" className="form__problem" role="alert">
              {problem}
            </p>
          )}
          <TextField
            id="reset-password"
            name="password"
            type="password"
            label="New password"
            autoComplete="new-password"
            error={errors.password}
            describedBy={describedBy}
            value={password}
            onFocus={() => setShowRules(true)}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            id="reset-confirmation"
            name="confirmation"
            type="password"
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmation}
            describedBy={describedBy}
            value={confirmation}
            onFocus={() => setShowRules(true)}
            onChange={(e) => setConfirmation(e.target.value)}
          />
          {showRules && (
            <PasswordChecklist id={RULES_ID} checks={resetPasswordChecks(password, confirmation)} />
          )}
          <button className="button" type="submit" disabled={sending}>
            {sending ? 'Saving…' : 'Reset password'}
          </button>
        </fieldset>
      </form>
      <p className="auth__switch">
        Remembered it? <a href={PATHS.login}>Log in</a>
      </p>
    </div>
  );
}
