import { useState } from 'react';
import { startSubscription } from '../lib/checkout';
import { useStoreValue } from '../lib/use-store';
import { $session } from '../stores/session';
import { toast } from '../stores/toasts';

type Props = { label: string };

/** The plan's call to action; a subscribed user sees it disabled as 'Plan active' (SPEC §6). */
export default function StartTrial({ label }: Props) {
  const session = useStoreValue($session, null);
  const [busy, setBusy] = useState(false);

  if (session?.user?.isSubscribed) {
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
