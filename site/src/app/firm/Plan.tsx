import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId } from 'react';
import type { Firm } from '../../../../contract/firm';
import { SUBSCRIPTION_AMOUNT } from '../../../../events/order/pricing';
import { PLAN_PRICE } from '../../lib/prices';
import { toast } from '../../stores/toasts';
import { formatDate, formatMoney } from '../orders/format';
import { usePaymentReturn } from '../orders/payment-return';
import { queryKeys } from '../queries';
import { buyCardsFor, startFirmPlan } from './firm';

export const FIRM_PLAN_PAID = 'Payment received: the firm’s plan pays for every member’s page.';

/** To the provider's checkout; the way back is /firm, which syncs the plan (usePaymentReturn). */
function useCheckout<Input>(run: (input: Input) => Promise<{ url: string }>) {
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => window.location.assign(answer.url),
    onError: (error) => toast.error(error.message),
  });
}

function BuyCards({ firm }: { firm: Firm }) {
  const id = useId();
  const buy = useCheckout((input: { forAccountId: string; quantity: number }) => buyCardsFor(firm.id, input));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    buy.mutate({
      forAccountId: String(form.get('forAccountId') ?? ''),
      quantity: Number(form.get('quantity') ?? 1),
    });
  };
  return (
    <form className="form account-form" onSubmit={submit}>
      <h3>NFC cards for a member</h3>
      <p className="settings__note">
        Paid by you, delivered to the address you give; each card opens the member’s page, and you can move it
        to someone else later.
      </p>
      <div className="account-form__row">
        <label htmlFor={`${id}-member`}>For</label>
        <select id={`${id}-member`} name="forAccountId" defaultValue={firm.members[0]?.id}>
          {firm.members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name} (@{member.username})
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-quantity`}>Cards</label>
        <input
          id={`${id}-quantity`}
          name="quantity"
          type="number"
          min={1}
          max={50}
          defaultValue={1}
          required
        />
      </div>
      <div>
        <button type="submit" className="button button--ghost" disabled={buy.isPending}>
          {buy.isPending ? 'Opening checkout…' : 'Buy cards'}
        </button>
      </div>
    </form>
  );
}

/**
 * Issue 32: the firm's one bill. The admin takes out one plan with a place for each member (its quantity follows
 * the members by itself) and buys members' cards; a member sees whether it keeps their page live.
 */
export function Plan({ firm }: { firm: Firm }) {
  const client = useQueryClient();
  const { synced } = usePaymentReturn({ done: FIRM_PLAN_PAID });
  useEffect(() => {
    if (synced) void client.invalidateQueries({ queryKey: queryKeys.firm });
  }, [synced, client]);
  const start = useCheckout(() => startFirmPlan(firm.id));
  const plan = firm.plan;
  const places = firm.members.length;
  if (!firm.youAreAdmin)
    return plan?.coversPages ? (
      <section className="card settings" aria-labelledby="firm-plan-heading">
        <h2 id="firm-plan-heading">Your plan</h2>
        <p className="settings__note">
          {firm.name}’s plan pays for your page: there is nothing for you to pay while you are in the firm.
        </p>
      </section>
    ) : null;
  return (
    <section className="card settings" aria-labelledby="firm-plan-heading">
      <h2 id="firm-plan-heading">One bill for the team</h2>
      {plan ? (
        <dl className="firm__plan">
          <dt>Plan</dt>
          <dd>
            {plan.quantity} {plan.quantity === 1 ? 'member' : 'members'} × {PLAN_PRICE} ={' '}
            <strong>{formatMoney(plan.monthlyTotal, plan.currency)} a month</strong>
          </dd>
          <dt>Status</dt>
          <dd>
            {plan.coversPages
              ? 'Paid: every member’s page is live on it'
              : 'Unpaid: update the card it charges'}
            {plan.cancelAtPeriodEnd ? ', ends at the end of this period' : ''}
          </dd>
          {plan.renewsAt && (
            <>
              <dt>{plan.cancelAtPeriodEnd ? 'Ends' : 'Next charge'}</dt>
              <dd>{formatDate(plan.renewsAt)}</dd>
            </>
          )}
          {plan.paidBy && (
            <>
              <dt>Paid by</dt>
              <dd>{plan.paidBy}</dd>
            </>
          )}
        </dl>
      ) : (
        <>
          <p className="settings__note">
            Pay for everyone’s page in one plan: {PLAN_PRICE} a month for each member, so{' '}
            <strong>
              {formatMoney(SUBSCRIPTION_AMOUNT * places)} a month for {places}{' '}
              {places === 1 ? 'member' : 'members'}
            </strong>
            , charged today and then monthly. When someone joins or leaves, the plan changes with them and the
            difference for the rest of the month is on the next invoice. Members’ own plans end when what they
            have paid for runs out.
          </p>
          <div>
            <button
              type="button"
              className="button"
              disabled={start.isPending}
              onClick={() => start.mutate(undefined)}
            >
              {start.isPending ? 'Opening checkout…' : 'Pay for the firm'}
            </button>
          </div>
        </>
      )}
      {plan && (
        <p className="settings__note">
          Invoices, the card it charges and cancelling are under <a href="/subscription">Your subscription</a>{' '}
          and <a href="/billing">Billing</a>.
        </p>
      )}
      <BuyCards firm={firm} />
    </section>
  );
}
