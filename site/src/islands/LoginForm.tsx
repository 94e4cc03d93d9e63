import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CodeStep } from '../auth/CodeStep';
import { ForgotPassword } from '../auth/ForgotPassword';
import { EMAIL_REQUIRED, normaliseEmail, PASSWORD_REQUIRED } from '../auth/fields';
import { useHydrated } from '../auth/hydration';
import { LOGIN_SUCCESS, requestLogin, UNVERIFIED } from '../auth/login-request';
import { runPostAuthAction } from '../auth/post-auth';
import { readRemembered, storeRemembered } from '../auth/remember';
import { focusFirst, TextField } from '../auth/TextField';
import { PATHS } from '../lib/routes';
import { signIn } from '../stores/session';
import { toast } from '../stores/toasts';

type Mode = 'login' | 'verify' | 'forgot';
type Field = 'email' | 'password';

const TITLES: Record<Mode, string> = {
  login: 'Log in',
  verify: 'Verify your email',
  forgot: 'Reset your password',
};

/** SPEC §2 "Login", with its three modes: normal, email verification and forgot-password. */
export default function LoginForm() {
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const [registerHref, setRegisterHref] = useState<string>(PATHS.register);
  const emailInput = useRef<HTMLInputElement>(null);
  const switched = useRef(false);

  useEffect(() => {
    const remembered = readRemembered();
    if (remembered.remember) {
      setRemember(true);
      setEmail(remembered.email);
    }
    setRegisterHref(`${PATHS.register}${window.location.search}`);
  }, []);

  // Back from another mode, focus returns to the form rather than to the top of the page.
  useEffect(() => {
    if (mode === 'login' && switched.current) emailInput.current?.focus();
    switched.current = true;
  }, [mode]);

  /** True once signed in and on the way out; otherwise the form says why not. */
  async function logIn(): Promise<boolean> {
    const address = normaliseEmail(email);
    const answer = await requestLogin(address, password, remember);
    if (answer.kind === 'unverified') {
      toast.error(UNVERIFIED);
      setMode('verify');
      return false;
    }
    if (answer.kind === 'failed') {
      setProblem(answer.message);
      toast.error(answer.message);
      return false;
    }
    storeRemembered(remember, address);
    signIn(answer.user);
    toast.success(LOGIN_SUCCESS);
    await runPostAuthAction(answer.user);
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!email.trim()) found.email = EMAIL_REQUIRED;
    if (!password) found.password = PASSWORD_REQUIRED;
    setErrors(found);
    setProblem(null);
    const first = focusFirst(found, ['email', 'password'], 'login');
    if (first) {
      toast.error(first);
      return;
    }
    setSending(true);
    if (!(await logIn())) setSending(false);
  }

  async function logInAfterVerifying(): Promise<boolean> {
    const done = await logIn();
    if (!done) setMode('login');
    return done;
  }

  return (
    <div className="card auth__card">
      <h1>{TITLES[mode]}</h1>
      {mode === 'verify' && (
        <>
          <p>
            Your email isn’t verified yet. We’ve sent a new 6-digit code to{' '}
            <strong className="auth__email">{normaliseEmail(email)}</strong>.
          </p>
          <CodeStep
            email={normaliseEmail(email)}
            resentMessage="New code sent!"
            onVerified={logInAfterVerifying}
          />
          <button className="auth__link-button" type="button" onClick={() => setMode('login')}>
            Back to login
          </button>
        </>
      )}
      {mode === 'forgot' && <ForgotPassword initialEmail={email} onBack={() => setMode('login')} />}
      {mode === 'login' && (
        <>
          <form
            className="form auth__form"
            onSubmit={submit}
            noValidate
            aria-describedby={problem ? 'login-problem' : undefined}
          >
            <fieldset className="auth__controls" disabled={!hydrated}>
              {problem && (
                <p id="login-problem" className="form__problem" role="alert">
                  {problem}
                </p>
              )}
              <TextField
                ref={emailInput}
                id="login-email"
                name="email"
                type="email"
                label="Email"
                autoComplete="email"
                error={errors.email}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <TextField
                id="login-password"
                name="password"
                type="password"
                label="Password"
                autoComplete="current-password"
                error={errors.password}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <label className="form__check">
                <input
                  type="checkbox"
                  name="remember"
                  checked={remember}
                  onChange={(e) => setRemember(e.target.checked)}
                />
                <span>Remember me</span>
              </label>
              <button className="button" type="submit" disabled={sending}>
                {sending ? 'Logging in…' : 'Log in'}
              </button>
            </fieldset>
          </form>
          <button
            className="auth__link-button"
            type="button"
            disabled={!hydrated}
            onClick={() => setMode('forgot')}
          >
            Forgot password?
          </button>
          <p className="auth__switch">
            New to TradeCard? <a href={registerHref}>Sign up</a>
          </p>
        </>
      )}
    </div>
  );
}
