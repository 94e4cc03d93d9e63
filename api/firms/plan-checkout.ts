import { DomainError } from '../../events/errors';
import { membersOf } from '../../events/firm/firms-read-model';
import type { Deps } from '../deps';
import { startCheckout } from '../payments/start-checkout';
import { inviteRights } from './firms';
import { runningFirmPlan } from './plan';

export const FIRM_HAS_PLAN = 'Your firm already has a plan: see it under Your subscription.';
export const NOT_A_MEMBER = 'That person isn’t in your firm.';

/** The admin opens the checkout of the firm's plan: one place for each member, £4.95 a month each, from today. */
export async function startFirmPlan(
  deps: Pick<Deps, 'db' | 'payments' | 'publicUrl' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  cancelUrl: string | null,
) {
  const firm = await inviteRights(deps.db, firmId, by);
  if (await runningFirmPlan(deps.db, firmId)) throw new DomainError('conflict', FIRM_HAS_PLAN);
  return startCheckout(deps, by, {
    kind: 'subscription',
    quantity: membersOf(firm).length,
    reorderOf: null,
    cancelUrl,
    firm: { firmId },
  });
}

/**
 * The admin buys cards for a member, paid as the admin's own orders are (the customer the firm's plan bills, when the
 * admin took it out); the cards are the member's, and the firm's to move on.
 */
export async function buyCardsForMember(
  deps: Pick<Deps, 'db' | 'payments' | 'publicUrl' | 'now' | 'onAppended'>,
  firmId: string,
  by: string,
  order: { forAccountId: string; quantity: number; cancelUrl: string | null },
) {
  const firm = await inviteRights(deps.db, firmId, by);
  if (!membersOf(firm).includes(order.forAccountId)) throw new DomainError('not_found', NOT_A_MEMBER);
  return startCheckout(deps, by, {
    kind: 'card',
    quantity: order.quantity,
    reorderOf: null,
    cancelUrl: order.cancelUrl,
    firm: { firmId, forAccountId: order.forAccountId },
  });
}
