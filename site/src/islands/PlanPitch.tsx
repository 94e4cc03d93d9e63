import { type PlanPitch as Pitch, planPitch } from '../app/orders/plan-state';
import { useStoreValue } from '../lib/use-store';
import { $session } from '../stores/session';

type Props = { part: keyof Pitch };

/**
 * Words of a plan page that promise the free trial (issue 28), said only to someone who can still have it. The
 * static page (signed out, no JavaScript) offers the trial; the stored user changes it once hydrated.
 */
export default function PlanPitch({ part }: Props) {
  const user = useStoreValue($session, null)?.user;
  return <>{planPitch(user)[part]}</>;
}
