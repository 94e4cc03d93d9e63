import { useMemo } from 'react';
import { useStoreValue } from '../../lib/use-store';
import { $session } from '../../stores/session';
import { useMyCard, useProfile } from '../queries';
import { EditorScreen } from './EditorScreen';
import { readSavedCard, type SavedCard } from './saved-card';
import './editor.css';
import './controls.css';
import './photos-rows.css';
import './preview.css';

export const USER_NOT_LOADED = 'User not loaded. Please ensure you are logged in.';

function NotLoaded() {
  return (
    <div className="ed-state" role="alert">
      <p>{USER_NOT_LOADED}</p>
      <a className="button" href={`/login?from=${encodeURIComponent('/myprofile')}`}>
        Go to Login
      </a>
    </div>
  );
}

/** /myprofile: the signed-in user and their saved card, then the editor itself. */
export function Editor() {
  const stored = useStoreValue($session, null);
  const profile = useProfile();
  const card = useMyCard();
  const user = profile.data ?? stored?.user ?? null;

  const saved = useMemo((): SavedCard | Error | null => {
    if (!card.data) return null;
    try {
      return readSavedCard(card.data);
    } catch {
      return new Error('Could not read your page.');
    }
  }, [card.data]);
  if (!user) {
    if (profile.isPending) return <p className="ed-state">Loading your editor…</p>;
    return <NotLoaded />;
  }
  if (card.isPending) return <p className="ed-state">Loading your page…</p>;
  if (saved === null || saved instanceof Error) {
    return (
      <div className="ed-state" role="alert">
        <p>{saved instanceof Error ? saved.message : (card.error?.message ?? 'Could not load your page.')}</p>
        <button type="button" className="button" onClick={() => void card.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  // The draft on this device is keyed by the account whose card this is: the stored copy of the user may be
  // another account's for a moment after a switch, the card (fetched with this session) never is.
  const accountId = card.data?.user._id ?? user._id;
  // Drawn at once: the screen's first render is the preview alone, its form follows in slices (EditorScreen).
  return (
    <EditorScreen
      key={accountId}
      user={user}
      accountId={accountId}
      saved={saved}
      firmBrand={card.data?.firmBrand ?? null}
    />
  );
}
