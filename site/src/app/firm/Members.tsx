import { useId, useState } from 'react';
import type { Firm } from '../../../../contract/firm';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { directQuotes, leaveFirm, makeAdmin, removeMember } from './firm';
import { type Member, useFirmChange, useFirmSaved } from './use-firm-change';

/** The admin's hands on one member: remove them, or make them the admin. Each asks first. */
function MemberActions({ firm, member }: { firm: Firm; member: Member }) {
  const [asking, setAsking] = useState<'remove' | 'admin' | null>(null);
  const remove = useFirmChange(() => removeMember(firm.id, member.id));
  const handOver = useFirmChange(() => makeAdmin(firm.id, member.id));
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => setAsking('admin')}>
        Make admin
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => setAsking('remove')}
      >
        Remove
      </button>
      {asking === 'remove' && (
        <ConfirmDialog
          title={`Remove ${member.name} from ${firm.name}?`}
          confirmLabel="Remove"
          cancelLabel="Keep them"
          onConfirm={() => {
            setAsking(null);
            remove.mutate(undefined);
          }}
          onCancel={() => setAsking(null)}
        >
          <p>Their page stays theirs. Move any card of the firm’s they hold to someone else first.</p>
          {firm.plan?.coversPages && (
            <p>
              Their place comes off the firm’s plan, and their page stays live on a 14-day free trial of their
              own.
            </p>
          )}
        </ConfirmDialog>
      )}
      {asking === 'admin' && (
        <ConfirmDialog
          title={`Make ${member.name} the admin?`}
          confirmLabel="Make admin"
          cancelLabel="Cancel"
          onConfirm={() => {
            setAsking(null);
            handOver.mutate(undefined);
          }}
          onCancel={() => setAsking(null)}
        >
          <p>They will invite, remove and move cards from now on; you stay a member.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Whose enquiries the firm page's Ask for a quote fills: the admin's, or a member's they choose. */
function QuotesTo({ firm }: { firm: Firm }) {
  const id = useId();
  const choose = useFirmSaved((accountId: string) => directQuotes(firm.id, accountId));
  return (
    <div className="account-form__row">
      <label htmlFor={id}>Quote requests from the firm’s page go to</label>
      <select
        id={id}
        value={choose.isPending ? choose.variables : firm.quotesTo}
        disabled={choose.isPending}
        onChange={(event) => choose.mutate(event.target.value)}
      >
        {firm.members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name} (@{member.username})
          </option>
        ))}
      </select>
    </div>
  );
}

export function Members({ firm }: { firm: Firm }) {
  const [leaving, setLeaving] = useState(false);
  const leave = useFirmChange(() => leaveFirm(firm.id));
  return (
    <section className="card settings" aria-labelledby="firm-members-heading">
      <h2 id="firm-members-heading">Members</h2>
      <ul className="firm__members">
        {firm.members.map((member) => (
          <li key={member.id}>
            <span>
              <strong>{member.name}</strong> <span>@{member.username}</span>
              {member.admin && <span className="firm__badge"> · Admin</span>}
            </span>
            {firm.youAreAdmin && !member.admin && <MemberActions firm={firm} member={member} />}
          </li>
        ))}
      </ul>
      {firm.youAreAdmin && <QuotesTo firm={firm} />}
      {!firm.youAreAdmin && (
        <div>
          <button type="button" className="button button--ghost" onClick={() => setLeaving(true)}>
            Leave the firm
          </button>
        </div>
      )}
      {leaving && (
        <ConfirmDialog
          title={`Leave ${firm.name}?`}
          confirmLabel="Leave"
          cancelLabel="Stay"
          onConfirm={() => {
            setLeaving(false);
            leave.mutate(undefined);
          }}
          onCancel={() => setLeaving(false)}
        >
          <p>Your page and enquiries stay yours; the firm’s page stops listing you.</p>
          {firm.plan?.coversPages && (
            <p>
              The firm’s plan pays for your page until you leave; after that it stays live on a 14-day free
              trial of your own, and you choose a plan of your own to keep it.
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
