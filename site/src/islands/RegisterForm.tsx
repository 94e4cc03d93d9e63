import { type FormEvent, useEffect, useState } from 'react';
import { CodeStep } from '../auth/CodeStep';
import { normaliseEmail, normaliseUsername, type Registration, registrationProblems } from '../auth/fields';
import { useHydrated } from '../auth/hydration';
import { LOGIN_SUCCESS, requestLogin } from '../auth/login-request';
import { PasswordChecklist } from '../auth/PasswordChecklist';
import { passwordChecks } from '../auth/password';
import { runPostAuthAction } from '../auth/post-auth';
import { errorId, focusFirst, TextField } from '../auth/TextField';
import { UsernameField } from '../auth/UsernameField';
import { registerAnswerLater } from '../lib/answers-later';
import { ApiError, callApi, NO_RESPONSE } from '../lib/api';
import { PATHS } from '../lib/routes';
import { THEN_PARAM } from '../stores/post-auth';
import { $session, signIn } from '../stores/session';
import { toast } from '../stores/toasts';

type Props = { publicOrigin: string };

const FIELDS = ['name', 'email', 'username', 'password', 'terms'] as const;
const CODE_SENT = 'Verification code sent!';
const empty: Registration = { name: '', email: '', username: '', password: '', terms: false };

/** SPEC §2 "Register": the details, then the emailed code, then signed in and on to whatever was pending. */
export default function RegisterForm({ publicOrigin }: Props) {
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof Registration, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const [showRules, setShowRules] = useState(false);
  const [sent, setSent] = useState<{ email: string; delivered: boolean } | null>(null);
  const [loginHref, setLoginHref] = useState<string>(PATHS.login);
  const set = <K extends keyof Registration>(field: K, value: Registration[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  useEffect(() => {
    setLoginHref(`${PATHS.login}${window.location.search}`);
    // A plan button tapped before its script ran brings signed-in people here too (islands/StartTrial): nothing to
    // sign up for, so their plan starts now.
    const session = $session.get();
    if (session && new URLSearchParams(window.location.search).get(THEN_PARAM) === 'subscribe')
      void runPostAuthAction(session.user);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = registrationProblems(form);
    setErrors(found);
    setProblem(null);
    if (found.password) setShowRules(true);
    const first = focusFirst(found, FIELDS, 'register');
    if (first) {
      toast.error(first);
      return;
    }
    const body = {
      name: form.name.trim(),
      email: normaliseEmail(form.email),
      username: normaliseUsername(form.username),
      password: form.password,
    };
    setSending(true);
    try {
      const answer = await callApi('/register', registerAnswerLater, {
        method: 'POST',
        body,
        fallback: 'Registration failed',
      });
      // The server says so when the account was made but the mail could not go; then Resend is offered at once.
      const message = answer.message ?? CODE_SENT;
      toast.success(message);
      setSent({ email: body.email, delivered: message === CODE_SENT });
    } catch (failure) {
      const noAnswer = failure instanceof ApiError && failure.status === NO_RESPONSE;
      const message = noAnswer
        ? 'No response from server. Check network.'
        : failure instanceof ApiError
          ? failure.message
          : 'Registration failed';
      setProblem(message);
      toast.error(message);
    } finally {
      setSending(false);
    }
  }

  async function logIn(): Promise<boolean> {
    if (!sent) return false;
    const answer = await requestLogin(sent.email, form.password, false);
    if (answer.kind !== 'ok') {
      toast.error(answer.message);
      window.location.assign(loginHref);
      return true;
    }
    signIn(answer.user);
    toast.success(LOGIN_SUCCESS);
    await runPostAuthAction(answer.user);
    return true;
  }

  const close = (
    <a className="auth__close" href={PATHS.home}>
      <span aria-hidden="true">×</span>
      <span className="visually-hidden">Close and go to the home page</span>
    </a>
  );

  if (sent) {
    return (
      <div className="card auth__card">
        {close}
        <h1>Check your email</h1>
        <p>
          We’ve sent a 6-digit code to <strong className="auth__email">{sent.email}</strong>. Enter it to
          finish setting up your account.
        </p>
        <CodeStep
          email={sent.email}
          resentMessage="New verification code sent!"
          onVerified={logIn}
          initialWait={sent.delivered ? undefined : 0}
        />
      </div>
    );
  }

  const rulesId = 'register-password-rules';
  return (
    <div className="card auth__card">
      {close}
      <h1>Create your account</h1>
      <p className="auth__intro">Your page is free for 14 days. No card needed to start.</p>
      <form
        className="form auth__form"
        onSubmit={submit}
        noValidate
        aria-describedby={problem ? 'register-problem' : undefined}
      >
        <fieldset className="auth__controls" disabled={!hydrated}>
          {problem && (
            <p id="register-problem" className="form__problem" role="alert">
              {problem}
            </p>
          )}
          <TextField
            id="register-name"
            name="name"
            label="Your name"
            autoComplete="name"
            error={errors.name}
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <TextField
            id="register-email"
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            error={errors.email}
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
          />
          <UsernameField
            publicOrigin={publicOrigin}
            error={errors.username}
            value={form.username}
            onChange={(value) => set('username', value)}
          />
          <TextField
            id="register-password"
            name="password"
            type="password"
            label="Password"
            autoComplete="new-password"
            error={errors.password}
            describedBy={showRules ? rulesId : undefined}
            value={form.password}
            onFocus={() => setShowRules(true)}
            onChange={(e) => set('password', e.target.value)}
          />
          {showRules && <PasswordChecklist id={rulesId} checks={passwordChecks(form.password)} />}
          <div className="auth-field">
            <label className="form__check">
              <input
                id="register-terms"
                type="checkbox"
                name="terms"
                checked={form.terms}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? errorId('register-terms') : undefined}
                onChange={(e) => set('terms', e.target.checked)}
              />
              <span>
                I agree to the <a href={`${PATHS.policies}#terms`}>terms and conditions</a>.
              </span>
            </label>
            {errors.terms && (
              <p id={errorId('register-terms')} className="auth-field__error" role="alert">
                {errors.terms}
              </p>
            )}
          </div>
          <button className="button" type="submit" disabled={sending}>
            {sending ? 'Creating your account…' : 'Create account'}
          </button>
        </fieldset>
      </form>
      <p className="auth__switch">
        Already have an account? <a href={loginHref}>Log in</a>
      </p>
    </div>
  );
}
