import { useState } from 'react';
import { formatDate } from '../app/orders/format';
import { KeepPlanButton } from '../app/orders/KeepPlanButton';
import { type PlanOffer, planOffer, SUBSCRIBE_LABEL, TRIAL_LABEL } from '../app/orders/plan-state';
import { usePlanOrders } from '../app/orders/use-plan-orders';
import { startSubscription } from '../lib/checkout';
import { PATHS } from '../lib/routes';
import { useStoreValue } from '../lib/use-store';
import { THEN_PARAM } from '../stores/post-auth';
import { $session } from '../stores/session';
import { toast } from '../stores/toasts';

type PlanButtonProps = {
  offer: PlanOffer;
  /** What the page calls starting the trial, for someone who has never had one. */
  trialLabel?: string;
  /** After 'Keep my plan': read the plan again. */
  onKept?: () => void | Promise<void>;
};

/**
 * The plan's call to action (SPEC §6, issue 14): the trial once, then the plan at its price; a running plan is a
 * disabled 'Plan active', one set to cancel says when it ends and offers 'Keep my plan', and one kept unpaid
 * leads to a new card.
 */
export function PlanButton({ offer, trialLabel = TRIAL_LABEL, onKept }: PlanButtonProps) {
  const [busy, setBusy] = useState(false);

  if (offer.kind === 'active') {
    return (
      <button type="button" className="button" disabled>
        Plan active
      </button>
    );
  }
  if (offer.kind === 'fix_card') {
    return (
      <a className="button" href="/billing">
        Update your card
      </a>
    );
  }
  if (offer.kind === 'keep') {
    return (
      <div className="plan-keep">
        <p id="plan-ends">
          Your plan is set to cancel and ends on <strong>{formatDate(offer.endsOn)}</strong>.
        </p>
        <KeepPlanButton orderId={offer.orderId} onKept={onKept} describedBy="plan-ends" />
      </div>
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

  // A form, so a tap before this island has hydrated (a slow phone, one bar of signal) still goes somewhere: to
  // sign-up with the plan to start after it (auth/post-auth.ts). Hydrated, the click starts it here instead.
  return (
    <form
      action={PATHS.register}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        void start();
      }}
    >
      <input type="hidden" name={THEN_PARAM} value="subscribe" />
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Opening checkout…' : offer.kind === 'trial' ? trialLabel : SUBSCRIBE_LABEL}
      </button>
    </form>
  );
}

type Props = { label: string };

/** On the public plan page, where the stored user (and, for a plan, its orders) is all there is to go on. */
export default function StartTrial({ label }: Props) {
  const user = useStoreValue($session, null)?.user;
  // Anyone who has had a trial may have a plan the provider kept unpaid: a new card, not a second plan (planOffer).
  const orders = usePlanOrders(user?.isSubscribed === true || Boolean(user?.trialExpires));
  return <PlanButton offer={planOffer(user, orders.data)} trialLabel={label} onKept={orders.reload} />;
}
