import { useEffect, useState } from 'react';
import type { Invitation } from '../../../contract/firm';
import { useHydrated } from '../auth/hydration';
import { messageOf } from '../auth/messages';
import { joinTokenFrom } from '../auth/reset-token';
import { callApi } from '../lib/api';
import { PATHS } from '../lib/routes';
import { useStoreValue } from '../lib/use-store';
import { $session } from '../stores/session';
import { toast } from '../stores/toasts';

const UNKNOWN = 'This invitation link isn’t one we know. Please check it was copied whole.';
const FAILED = 'Could not join the firm. Please try again.';
const invitationAnswer = () => import('../../../contract/firm').then((m) => m.invitationAnswer);
const joinedAnswer = () => import('../../../contract/firm').then((m) => m.joinedAnswer);

type Loaded =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'found'; invitation: Invitation };

/**
 * Issue 32: the page of a firm's invitation link, /join/<token>. Signed in, one button joins; signed out, sign in or
 * sign up with the address invited and come back here (`from`) to join.
 */
export default function JoinFirm() {
  const [token, setToken] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [joining, setJoining] = useState(false);
  const session = useStoreValue($session, null);
  const hydrated = useHydrated();

  useEffect(() => {
    const found = joinTokenFrom(window.location.pathname);
    setToken(found);
    if (!found) {
      setLoaded({ kind: 'failed', message: UNKNOWN });
      return;
    }
    callApi(`/firms/join/${encodeURIComponent(found)}`, invitationAnswer, { fallback: UNKNOWN })
      .then((answer) => setLoaded({ kind: 'found', invitation: answer.data }))
      .catch((failure) => setLoaded({ kind: 'failed', message: messageOf(failure, UNKNOWN) }));
  }, []);

  async function join() {
    if (!token) return;
    setJoining(true);
    try {
      const answer = await callApi(`/firms/join/${encodeURIComponent(token)}`, joinedAnswer, {
        method: 'POST',
        body: {},
        fallback: FAILED,
      });
      toast.successBeforeLeaving(answer.message);
      window.location.assign(PATHS.dashboard);
    } catch (failure) {
      toast.error(messageOf(failure, FAILED));
      setJoining(false);
    }
  }

  if (loaded.kind === 'loading')
    return (
      <div className="card auth__card">
        <h1>Join a firm</h1>
        <p aria-live="polite">Opening the invitation…</p>
      </div>
    );
  if (loaded.kind === 'failed')
    return (
      <div className="card auth__card">
        <h1>Join a firm</h1>
        <p role="alert">{loaded.message}</p>
        <p>
          <a href={PATHS.home}>Go to the home page</a>
        </p>
      </div>
    );

  const { firmName, adminName, email, status } = loaded.invitation;
  const from = `/join/${encodeURIComponent(token ?? '')}`;
  const signedIn = session?.user ?? null;
  return (
    <div className="card auth__card">
      <h1>Join {firmName}</h1>
      {status === 'used' && <p role="alert">This invitation has already been used.</p>}
      {status === 'expired' && (
        <p role="alert">
          This invitation has expired: invitations last 14 days. Ask {adminName ?? 'the firm’s admin'} for a
          new one.
        </p>
      )}
      {status === 'open' && (
        <>
          <p className="auth__intro">
            {adminName ?? 'The firm’s admin'} has invited <strong>{email}</strong> to join {firmName}. Your
            page stays your own; the firm’s page lists you, and its admin sees your page’s visits and who sent
            you enquiries.
          </p>
          {signedIn ? (
            <>
              {signedIn.email.toLowerCase() !== email.toLowerCase() && (
                <p role="alert">
                  You’re signed in as {signedIn.email}. The invitation is for {email}: sign in with that
                  address to join.
                </p>
              )}
              <button className="button" type="button" onClick={join} disabled={!hydrated || joining}>
                Join {firmName}
              </button>
            </>
          ) : (
            <nav className="auth__switch" aria-label="Sign in to join">
              <a className="button" href={`${PATHS.login}?from=${encodeURIComponent(from)}`}>
                Log in to join
              </a>
              <a href={`${PATHS.register}?from=${encodeURIComponent(from)}`}>
                New to TradeCard? Create an account
              </a>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
