import { lazy, Suspense, useState } from 'react';
import type { SessionUser } from '../../stores/session';
import { toast } from '../../stores/toasts';
import type { Avatar } from './avatar';
import { SMALL_MAX_WIDTH } from './nav';
import { useMediaQuery } from './use-media-query';

type Props = {
  user: SessionUser | null;
  avatar: Avatar | null;
  /** False on screens about the service (/admin): no Visit Page, no Share, no word about the page. */
  pageActions: boolean;
  /** Why the page can't be visited or shared yet (shell/page-status.ts); null when it is live. */
  unavailable: string | null;
};

// Opened by a click, so fetched then (a moment, on the first share only) rather than before the page's first paint.
const ShareModal = lazy(() =>
  import('../share/ShareModal').then((module) => ({ default: module.ShareModal })),
);

export const VERIFY_TO_SHARE = 'Please verify your email to share your card.';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('') || '?';

/** SPEC §2 "Header card": who is signed in, a link to their page, and Share. */
export function HeaderCard({ user, avatar, pageActions, unavailable }: Props) {
  const [sharing, setSharing] = useState(false);
  const small = useMediaQuery(`(max-width: ${SMALL_MAX_WIDTH}px)`);

  function share() {
    if (!user) return;
    if (!user.isVerified) {
      toast.error(VERIFY_TO_SHARE);
      return;
    }
    setSharing(true);
  }

  return (
    <header className="header-card">
      {avatar ? (
        <img
          className="header-card__avatar"
          src={avatar.src}
          srcSet={avatar.srcSet}
          sizes="56px"
          width={56}
          height={56}
          alt=""
        />
      ) : (
        <span className="header-card__avatar" aria-hidden="true">
          {initials(user?.name ?? '')}
        </span>
      )}
      <div className="header-card__who">
        <p className="header-card__name">{user?.name || 'Your name'}</p>
        <p className="header-card__email">{user?.email || 'your email address'}</p>
      </div>
      {pageActions && <PageActions user={user} unavailable={unavailable} small={small} onShare={share} />}
      {sharing && user && (
        <Suspense fallback={null}>
          <ShareModal username={user.username} unavailable={unavailable} onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </header>
  );
}

/**
 * Visit Page and Share, each offered only while the page is live: a link to "This profile isn't live yet" helps
 * nobody (issue 28). The reason is said beneath them.
 */
function PageActions(props: {
  user: Props['user'];
  unavailable: string | null;
  small: boolean;
  onShare: () => void;
}) {
  const { user, unavailable, small, onShare } = props;
  return (
    <>
      <div className="header-card__actions">
        {user && !unavailable && (
          <a
            className="button button--ghost header-card__visit"
            href={`/u/${user.username}`}
            target="_blank"
            rel="noopener"
          >
            Visit Page
          </a>
        )}
        {user && unavailable && (
          <button
            type="button"
            className="button button--ghost header-card__visit"
            disabled
            aria-describedby="header-card-note"
          >
            Visit Page
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={onShare}
          disabled={!user || unavailable !== null}
          aria-describedby={user && unavailable ? 'header-card-note' : undefined}
        >
          {small ? 'Share' : 'Share Your Page'}
        </button>
      </div>
      {user && unavailable && (
        <p id="header-card-note" className="header-card__note">
          {unavailable}
        </p>
      )}
    </>
  );
}
