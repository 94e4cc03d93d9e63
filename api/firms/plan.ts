import { findFirm, membersOf } from '../../events/firm/firms-read-model';
import { SUBSCRIPTION_AMOUNT } from '../../events/order/pricing';
import { streamVersion } from '../../events/store';
import { ACCESS_STATUSES, subscriptionStreamId } from '../../events/subscription/events';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import { SCHEDULER_TICK_MS } from '../accounts/scheduler';
import { findUserById } from '../accounts/users';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/queue';
import type { OrderRow } from '../orders/orders';
import { recordPulled } from '../payments/handle-event';
import { recordAccess, recordSubscription } from '../payments/record';
import { startRepeating } from '../process/repeating';
import { ownTrialMailTo, startOwnTrial } from './leaver-grace';

/** Statuses in which a plan still bills: checkout done, not ended (an unpaid one can be paid again). */
const RUNNING = [...ACCESS_STATUSES, 'unpaid'];

/** Plans whose checkout is done and which have not ended. */
const runningPlans = (db: Db) =>
  db
    .selectFrom('orders')
    .where('type', '=', 'subscription')
    .where('status', 'in', RUNNING)
    .where('ended_at', 'is', null);

/** The firm's plan while it runs: the subscription its admin took out for every member, newest first. */
export async function runningFirmPlan(db: Db, firmId: string): Promise<OrderRow | undefined> {
  return runningPlans(db)
    .selectAll()
    .where('firm_id', '=', firmId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * In the transaction that takes an account out of its firm, once its membership has ended: its access recorded as it
 * now stands, and a page the firm's plan kept live (`wasCovered`, read before), with no plan of the account's own,
 * gets 14 days of trial from today and its owner a mail saying so. True when a mail was queued.
 */
export async function afterLeavingFirm(
  trx: Db,
  publicUrl: string,
  leaver: { accountId: string; firmId: string; firmName: string; removed: boolean; wasCovered: boolean },
  now: Date,
) {
  await recordAccess(trx, leaver.accountId, now);
  if (!leaver.wasCovered) return false;
  const trial = await startOwnTrial(trx, leaver.accountId, leaver.firmId, now);
  if (!trial) return false;
  const reason = leaver.removed ? 'removed' : 'left';
  await enqueueMail(trx, ownTrialMailTo(publicUrl, trial.user, leaver.firmName, reason, trial.endsAt), now);
  return true;
}

/** The firm's plan as `viewer` may see it: every member whether it keeps their page live; the admin the bill. */
export async function planJson(db: Db, firm: { firm_id: string; admin_id: string }, viewer: string) {
  const plan = await runningFirmPlan(db, firm.firm_id);
  if (!plan) return null;
  const admin = viewer === firm.admin_id;
  const payer = admin ? await findUserById(db, plan.account_id) : undefined;
  return {
    status: plan.status,
    coversPages: (ACCESS_STATUSES as readonly string[]).includes(plan.status),
    quantity: admin ? plan.quantity : null,
    monthlyTotal: admin ? SUBSCRIPTION_AMOUNT * plan.quantity : null,
    currency: plan.currency,
    renewsAt: admin ? (plan.current_period_end ?? plan.trial_end) : null,
    cancelAtPeriodEnd: plan.cancel_at_period_end === 1,
    paidBy: payer?.name ?? null,
  };
}

type BillDeps = Pick<Deps, 'db' | 'payments' | 'now' | 'onAppended' | 'mailQueued' | 'publicUrl'>;

/** The plan's quantity made its member count at the provider, prorated (joined: charged; left: credited). */
async function matchQuantity(deps: BillDeps, plan: OrderRow, members: number) {
  if (!plan.provider_subscription_id || plan.provider !== deps.payments.name || plan.quantity === members)
    return;
  const version = await streamVersion(deps.db, subscriptionStreamId(plan.id));
  const facts = await deps.payments.setQuantity(
    plan.provider_subscription_id,
    members,
    `quantity-${plan.id}-${version}-${members}`,
  );
  await recordPulled(deps, (trx, now) => recordSubscription(trx, plan, facts, now));
}

/**
 * Members don't pay twice: a plan of a member's own that the firm's plan now covers is set to end at its period's
 * end (what is paid for is used; a trial's plan ends with no charge). Undone by no one: they can subscribe again.
 */
async function endOwnPlans(deps: BillDeps, memberIds: string[]) {
  if (memberIds.length === 0) return;
  const own = await runningPlans(deps.db)
    .selectAll()
    .where('account_id', 'in', memberIds)
    .where('firm_id', 'is', null)
    .where('cancel_at_period_end', '=', 0)
    .where('provider', '=', deps.payments.name)
    .where('provider_subscription_id', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const order of own) {
    const version = await streamVersion(deps.db, subscriptionStreamId(order.id));
    const facts = await deps.payments.cancelAtPeriodEnd(
      order.provider_subscription_id as string,
      `covered-${order.id}-${version}`,
    );
    await recordPulled(deps, (trx, now) => recordSubscription(trx, order, facts, now));
  }
}

/**
 * Brings the firm's bill in line with its members: the plan's quantity, and members' own plans it covers. Run after
 * a member joins or leaves and by the scheduler, so a provider that was down when someone joined is caught up later.
 */
export async function settleFirmBill(deps: BillDeps, firmId: string) {
  const plan = await runningFirmPlan(deps.db, firmId);
  const firm = await findFirm(deps.db, firmId);
  if (!plan || !firm) return;
  const members = membersOf(firm);
  await matchQuantity(deps, plan, members.length);
  if ((ACCESS_STATUSES as readonly string[]).includes(plan.status)) await endOwnPlans(deps, members);
}

/** settleFirmBill, its failure logged: the scheduler's next pass tries again. */
const settleQuietly = (deps: BillDeps, firmId: string) =>
  settleFirmBill(deps, firmId).catch((error: unknown) =>
    log.error(
      { err: error, firmId },
      'Matching the firm’s plan to its members failed; the scheduler will retry',
    ),
  );

/** How long a join or a leave waits for the provider before answering; the matching carries on after it. */
export const SETTLE_WAIT_MS = 3000;

/**
 * settleFirmBill after a change, without failing the change (the scheduler tries again) or holding its answer for
 * longer than SETTLE_WAIT_MS while the provider is slow.
 */
export async function settleFirmBillSoon(deps: BillDeps, firmId: string) {
  const settled = settleQuietly(deps, firmId);
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, SETTLE_WAIT_MS);
    timer.unref();
  });
  await Promise.race([settled, waited]);
  clearTimeout(timer);
}

/** The scheduler's pass over every firm with a running plan. */
export async function settleFirmBills(deps: BillDeps) {
  const firms = await runningPlans(deps.db)
    .select('firm_id')
    .distinct()
    .where('firm_id', 'is not', null)
    .execute();
  for (const { firm_id } of firms) await settleQuietly(deps, firm_id as string);
  return firms.length;
}

/**
 * The leader's clock for firms' bills: settleFirmBills every scheduler tick, so a provider that was down when someone
 * joined or left is caught up within seconds of its return.
 */
export const startFirmBills = (deps: BillDeps, everyMs = SCHEDULER_TICK_MS) =>
  startRepeating(async () => {
    await settleFirmBills(deps).catch((error: unknown) =>
      log.error({ err: error }, 'Matching firms’ plans to their members failed; will retry'),
    );
  }, everyMs);
