import { useState } from 'react';
import type { Order } from '../../../../contract/order';
import { ApiError } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { resumeSubscription } from './api';
import { KEEP_FAILED, KEEP_PLAN, PLAN_KEPT } from './plan-state';

type Props = {
  orderId: string;
  /** The plan as keeping it left it, for the screen to show. */
  onKept?: (updated: Order | null) => void | Promise<void>;
  className?: string;
  describedBy?: string;
};

/** Issue 14: 'Keep my plan' for a plan set to cancel, wherever it is offered (orders, plan pages, the editor). */
export function KeepPlanButton({ orderId, onKept, className = 'button', describedBy }: Props) {
  const [busy, setBusy] = useState(false);

  async function keep() {
    setBusy(true);
    try {
      const updated = await resumeSubscription(orderId);
      toast.success(PLAN_KEPT);
      await onKept?.(updated);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : KEEP_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      aria-describedby={describedBy}
      onClick={() => void keep()}
    >
      {busy ? 'Keeping your plan…' : KEEP_PLAN}
    </button>
  );
}
