import { useQueryClient } from '@tanstack/react-query';
import { PlanButton } from '../../islands/StartTrial';
import type { SessionUser } from '../../stores/session';
import { useOrders } from '../orders/api';
import { formatDate } from '../orders/format';
import { KeepPlanButton } from '../orders/KeepPlanButton';
import { syncSubscriptions } from '../orders/payment-return';
import { planAlert } from '../orders/plan-state';
import { TrialBanner } from './TrialBanner';
import type { TrialStatus } from './trial';

type Props = { user: SessionUser; trial: TrialStatus };

/** A payment that failed: what it means for the page, and the one thing to do (a new card on the billing page). */
function UpdateCard({ title, text }: { title: string; text: string }) {
  return (
    <section className="ed-banner ed-banner--warn" aria-labelledby="plan-banner-title">
      <h2 id="plan-banner-title">{title}</h2>
      <p>{text}</p>
      <a className="button" href="/billing">
        Update your card
      </a>
    </section>
  );
}

/**
 * Issue 14: the editor says when the page is at risk (a failed payment, a plan kept unpaid, a plan set to cancel,
 * a trial about to end) with the one thing to do about it; otherwise the trial banner as before. Loaded by PlanBanner once the
 * editor is on screen.
 */
export default function PlanAlert({ user, trial }: Props) {
  const orders = useOrders();
  const client = useQueryClient();
  const alert = planAlert(user, orders.data, new Date());

  switch (alert?.kind) {
    case 'past_due':
      return (
        <UpdateCard
          title="Your last payment didn’t go through"
          text="We’ll try again in a few days; if it still fails, your page goes offline."
        />
      );
    case 'unpaid':
      return (
        <UpdateCard
          title="Your page is offline: your payment didn’t go through"
          text="Your plan and everything on your page are kept. Update your card and we’ll charge it now."
        />
      );
    case 'cancelling':
      return (
        <section className="ed-banner ed-banner--warn" aria-labelledby="plan-banner-title">
          <h2 id="plan-banner-title">Your plan is set to cancel</h2>
          <p id="plan-banner-ends">
            Your page goes offline on {formatDate(alert.endsOn)}. Keep your plan to keep it live.
          </p>
          <KeepPlanButton
            orderId={alert.orderId}
            describedBy="plan-banner-ends"
            onKept={() => syncSubscriptions(client)}
          />
        </section>
      );
    case 'trial_ending':
      return (
        <section className="ed-banner ed-banner--warn" aria-labelledby="plan-banner-title">
          <h2 id="plan-banner-title">
            Your free trial ends in {alert.daysLeft === 1 ? '1 day' : `${alert.daysLeft} days`}
          </h2>
          <p>Subscribe before {formatDate(alert.endsOn)} to keep your page live.</p>
          <PlanButton offer={{ kind: 'subscribe' }} />
        </section>
      );
    default:
      return <TrialBanner status={trial} />;
  }
}
