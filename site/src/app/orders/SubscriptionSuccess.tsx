import { useState } from 'react';
import type { Order } from '../../../../contract/order';
import { ApiError } from '../../lib/api';
import { readLookup, useConfirmedOrder } from './api';
import { formatDate } from './format';
import { NotFound } from './NotFound';
import { usePaymentReturn } from './payment-return';
import {
  amountPaidToday,
  chargeTile,
  isFreeTrial,
  PLAN_TITLE,
  subscriptionCaption,
  subscriptionLabel,
  subscriptionTone,
} from './subscription';
import { Badge, DetailRows, Loading, Tile } from './ui';

const LOAD_FAILED = 'Could not load your subscription details.';
const MESSAGES = { session: LOAD_FAILED, id: LOAD_FAILED };

function PlanCard({ order }: { order: Order }) {
  const charge = chargeTile(order);
  const running = ['active', 'trialing'].includes(order.status ?? '');
  return (
    <article className="card receipt" aria-labelledby="receipt-title">
      <div className="receipt__top">
        <Badge tone={subscriptionTone(order)}>{subscriptionLabel(order)}</Badge>
      </div>
      <h1 className="receipt__title" id="receipt-title">
        {PLAN_TITLE}
      </h1>
      <p className="receipt__lead">{subscriptionCaption(order)}</p>
      {order.cancel_at_period_end && running && (
        <p className="banner" role="note">
          Your subscription is active but set to cancel at the end of the current period, on{' '}
          <strong>{formatDate(order.currentPeriodEnd ?? order.trialEnd)}</strong>. Your page stays live until
          then.
        </p>
      )}
      <div className="tiles">
        <Tile
          label="Amount paid today"
          value={amountPaidToday(order)}
          note={isFreeTrial(order) ? 'Free trial — no charge today' : undefined}
        />
        <Tile label={charge.label} value={formatDate(charge.date)} />
      </div>
      <div className="receipt__actions">
        <a className="button" href="/myprofile">
          Go to Dashboard
        </a>
        <a className="button button--ghost" href="/myorders">
          View Orders
        </a>
      </div>
      <DetailRows
        rows={[
          ['Created', formatDate(order.createdAt)],
          ['Status', subscriptionLabel(order)],
        ]}
      />
    </article>
  );
}

/** SPEC §2 "Subscription success": back from starting the plan, or opened from /myorders. */
export function SubscriptionSuccess() {
  const [lookup] = useState(() => readLookup(window.location.search));
  const confirmed = useConfirmedOrder(lookup, MESSAGES);
  const asked = Boolean(lookup.id || lookup.sessionId);
  // The sync also takes session_id out of the address (SPEC §2), once the plan has been read.
  usePaymentReturn({ ready: !asked || !confirmed.isPending, keep: 'id' });

  if (!asked) return <NotFound title="No subscription found" problem={null} />;
  if (confirmed.isPending) return <Loading>Activating your subscription…</Loading>;
  if (confirmed.data?.type === 'subscription') return <PlanCard order={confirmed.data} />;
  const missing = !confirmed.error || (confirmed.error instanceof ApiError && confirmed.error.status === 404);
  return <NotFound title="No subscription found" problem={missing ? null : LOAD_FAILED} />;
}
