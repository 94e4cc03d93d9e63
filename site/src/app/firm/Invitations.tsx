import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { CsvInvited, Firm } from '../../../../contract/firm';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { inviteFromCsv, inviteOne } from './firm';
import { useFirmChange } from './use-firm-change';

function InviteOne({ firm }: { firm: Firm }) {
  const id = useId();
  const invite = useFirmChange((invitee: { email: string; name: string }) => inviteOne(firm.id, invitee));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    invite.mutate(
      { email: String(fields.get('email') ?? ''), name: String(fields.get('name') ?? '') },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form className="form account-form" onSubmit={submit} aria-label="Invite one person">
      <label htmlFor={`${id}-email`}>Their email address</label>
      <input id={`${id}-email`} name="email" type="email" autoComplete="off" maxLength={254} required />
      <label htmlFor={`${id}-name`}>Their name (optional)</label>
      <input id={`${id}-name`} name="name" autoComplete="off" maxLength={80} />
      <div>
        <button type="submit" className="button" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
    </form>
  );
}

function InviteFromSpreadsheet({ firm }: { firm: Firm }) {
  const id = useId();
  const client = useQueryClient();
  const [report, setReport] = useState<CsvInvited | null>(null);
  const send = useMutation({
    mutationFn: async (file: File) => inviteFromCsv(firm.id, await file.text()),
    onSuccess: async (answer) => {
      setReport(answer);
      if (answer.refused.length === 0) toast.success(answer.message);
      else toast.error(answer.message);
      await client.invalidateQueries({ queryKey: queryKeys.firm });
    },
    onError: (error) => toast.error(error.message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('csv');
    if (file instanceof File && file.size > 0) send.mutate(file);
    else toast.error('Choose a CSV file first.');
  };
  return (
    <form className="form account-form" onSubmit={submit} aria-label="Invite a team from a spreadsheet">
      <label htmlFor={id}>Or a spreadsheet saved as CSV</label>
      <p className="account-form__hint" id={`${id}-hint`}>
        A name and an email address on each line, up to 200 people.
      </p>
      <input id={id} name="csv" type="file" accept=".csv,text/csv" aria-describedby={`${id}-hint`} />
      <div>
        <button type="submit" className="button button--ghost" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Invite everyone in the file'}
        </button>
      </div>
      {report && report.refused.length > 0 && (
        <div role="status">
          <p>{report.message}</p>
          <ul>
            {report.refused.map((refusal) => (
              <li key={refusal.line}>
                Line {refusal.line} ({refusal.text}): {refusal.error}
              </li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}

export function Invitations({ firm }: { firm: Firm }) {
  return (
    <section className="card settings" aria-labelledby="firm-invite-heading">
      <h2 id="firm-invite-heading">Invite your team</h2>
      <p className="settings__note">
        We email each person a link to join: it works once, for 14 days, for the address you give.
      </p>
      <InviteOne firm={firm} />
      <InviteFromSpreadsheet firm={firm} />
      {firm.invites.length > 0 && (
        <>
          <h3>Invitations sent</h3>
          <ul className="firm__invites">
            {firm.invites.map((invite) => (
              <li key={invite.id}>
                {invite.email}:{' '}
                {invite.used
                  ? 'joined'
                  : new Date(invite.expiresAt) <= new Date()
                    ? 'expired'
                    : `waiting, until ${new Date(invite.expiresAt).toLocaleDateString('en-GB')}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
