import { useStoreValue } from '../../lib/use-store';
import { $session, type SessionUser } from '../../stores/session';
import { useProfile } from '../queries';

/** The fetched profile, or the copy stored at login while it loads, so fields fill without a blank moment. */
export function useAccountUser(): SessionUser | null {
  const profile = useProfile();
  const stored = useStoreValue($session, null);
  return profile.data ?? stored?.user ?? null;
}
