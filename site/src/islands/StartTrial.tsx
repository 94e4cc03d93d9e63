import { useState } from 'react';
import { startSubscription } from '../lib/checkout';
import { useStoreValue } from '../lib/use-store';
import { $session } from '../stores/session';
import { toast } from '../stores/toasts';

/** The plan's call to action; a subscribed user sees it disabled as 'Plan active' (SPEC §6). */
export function PlanButton({ label, subscribed }: { label: string; subscribed: boolean }) {
  const [busy, setBusy] = useState(false);

  if (subscribed) {
    return (
      <button type="button" className="button" disabled>
        Plan active
      </button>
    );
  }

  async function start() {
    setBusy(true);
    const problem = await startSubscription((url) => window.location.assign(url));
    if (problem) {
      toast.error(problem);
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button" disabled={busy} onClick={() => void start()}>
      {busy ? 'Opening checkout…' : label}
    </button>
  );
}

type Props = { label: string };

/** On the public plan page, where the stored user is all there is to go on. */
export default function StartTrial({ label }: Props) {
  const session = useStoreValue($session, null);
  return <PlanButton label={label} subscribed={session?.user?.isSubscribed === true} />;
}
