import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { CsvInvited, Firm } from '../../../../contract/firm';
import { STATS_PERIODS, type StatsPeriod } from '../../../../contract/visits';
import { FONTS, type Font } from '../../../../events/card/content';
import { BRAND_PART_NAMES, type BrandPart } from '../../../../events/firm/brand';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import {
  type BrandInput,
  createFirm,
  directQuotes,
  firmExportHref,
  inviteFromCsv,
  inviteOne,
  leaveFirm,
  makeAdmin,
  reassignCard,
  removeMember,
  saveBrand,
  useFirmCards,
  useFirmTeam,
  useMyFirm,
} from './firm';

type Member = Firm['members'][number];

/** Every change to the firm is read back whole: members, invitations and cards move together. */
function useFirmChange<Input>(run: (input: Input) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await client.invalidateQueries({ queryKey: queryKeys.firm });
      await client.invalidateQueries({ queryKey: ['firm_cards'] });
    },
    onError: (error) => toast.error(error.message),
  });
}

/** A change whose answer is the firm as it now is: shown at once, and said. */
function useFirmSaved<Input>(run: (input: Input) => Promise<{ message: string; data: Firm }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.firm, answer.data);
      toast.success(answer.message);
    },
    onError: (error) => toast.error(error.message),
  });
}

function StartFirm() {
  const id = useId();
  const client = useQueryClient();
  const start = useMutation({
    mutationFn: createFirm,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.firm, answer.data);
      toast.success(`${answer.data.name} is started: invite your team below.`);
    },
    onError: (error) => toast.error(error.message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    start.mutate(String(new FormData(event.currentTarget).get('name') ?? ''));
  };
  return (
    <section className="card settings" aria-labelledby="start-firm-heading">
      <h2 id="start-firm-heading">Start a firm</h2>
      <p className="settings__note">
        Several tradespeople working together? Start a firm and invite them: each keeps their own page and
        enquiries, and your firm gets a page of its own listing everyone. You’ll be its admin.
      </p>
      <form className="form account-form" onSubmit={submit}>
        <label htmlFor={id}>Your firm’s name</label>
        <input id={id} name="name" maxLength={80} required autoComplete="organization" />
        <div>
          <button type="submit" className="button" disabled={start.isPending}>
            {start.isPending ? 'Starting…' : 'Start a firm'}
          </button>
        </div>
      </form>
    </section>
  );
}

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

function Members({ firm }: { firm: Firm }) {
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
        </ConfirmDialog>
      )}
    </section>
  );
}

function Invitations({ firm }: { firm: Firm }) {
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

function Cards({ firm }: { firm: Firm }) {
  const cards = useFirmCards(firm.id, firm.youAreAdmin);
  const move = useFirmChange(({ code, to }: { code: string; to: string }) => reassignCard(firm.id, code, to));
  const id = useId();
  if (!cards.data || cards.data.length === 0) return null;
  return (
    <section className="card settings" aria-labelledby="firm-cards-heading">
      <h2 id="firm-cards-heading">The team’s NFC cards</h2>
      <p className="settings__note">
        Someone leaving? Give their card to whoever takes over: it opens the new holder’s page from the next
        tap.
      </p>
      <ul className="firm__cards">
        {cards.data.map((card) => (
          <li key={card.code}>
            <label htmlFor={`${id}-${card.code}`}>
              Card {card.code}
              {card.status === 'lost' ? ' (switched off)' : ''} opens the page of
            </label>
            <select
              id={`${id}-${card.code}`}
              value={card.holder.id}
              disabled={move.isPending}
              onChange={(event) => move.mutate({ code: card.code, to: event.target.value })}
            >
              {firm.members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name} (@{member.username})
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </section>
  );
}

const LOCK_LABELS: Record<BrandPart, string> = {
  name: 'Business name',
  colours: 'Button colours',
  font: 'Font',
  theme: 'Theme',
};

/** The firm's brand: its values, and the parts members may not change on their pages (issue 32). */
function BrandForm({ firm }: { firm: Firm }) {
  const id = useId();
  const current = firm.brand;
  const save = useFirmSaved((brand: BrandInput) => saveBrand(firm.id, brand));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '');
    save.mutate({
      values: {
        business_card_name: text('business_card_name'),
        button_bg_color: text('button_bg_color').toUpperCase(),
        button_text_color: text('button_text_color') === 'black' ? 'black' : 'white',
        style: (FONTS as readonly string[]).includes(text('style')) ? (text('style') as Font) : 'Inter',
        page_theme: text('page_theme') === 'dark' ? 'dark' : 'light',
      },
      locked: BRAND_PART_NAMES.filter((part) => fields.get(`lock-${part}`) === 'on'),
    });
  };
  const values = current?.values;
  return (
    <section className="card settings" aria-labelledby="firm-brand-heading">
      <h2 id="firm-brand-heading">The firm’s brand</h2>
      <p className="settings__note">
        Lock a part and every member’s page shows the firm’s instead of their own; a part left open stays
        theirs.
      </p>
      <form className="form account-form" onSubmit={submit}>
        <label htmlFor={`${id}-name`}>Business name</label>
        <input
          id={`${id}-name`}
          name="business_card_name"
          maxLength={80}
          defaultValue={values?.business_card_name ?? firm.name}
        />
        <label htmlFor={`${id}-colour`}>Button colour</label>
        <input
          id={`${id}-colour`}
          name="button_bg_color"
          type="color"
          defaultValue={(values?.button_bg_color ?? '#F47629').toLowerCase()}
        />
        <label htmlFor={`${id}-text`}>Button text colour</label>
        <select
          id={`${id}-text`}
          name="button_text_color"
          defaultValue={values?.button_text_color ?? 'black'}
        >
          <option value="white">White</option>
          <option value="black">Black</option>
        </select>
        <label htmlFor={`${id}-font`}>Font</label>
        <select id={`${id}-font`} name="style" defaultValue={values?.style ?? 'Inter'}>
          {FONTS.map((font) => (
            <option key={font} value={font}>
              {font}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-theme`}>Theme</label>
        <select id={`${id}-theme`} name="page_theme" defaultValue={values?.page_theme ?? 'light'}>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </select>
        <fieldset>
          <legend>Members may not change</legend>
          {BRAND_PART_NAMES.map((part) => (
            <label key={part} className="account-form__check">
              <input
                type="checkbox"
                name={`lock-${part}`}
                defaultChecked={current?.locked.includes(part) ?? false}
              />{' '}
              {LOCK_LABELS[part]}
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save the brand'}
          </button>
        </div>
      </form>
    </section>
  );
}

const PAGE_STATE = { live: 'Live', 'not-live': 'Not live', 'not-set-up': 'Not set up' } as const;

/** The admin's view of the team: each member's page, its visits by source and its enquiries, then the latest ones. */
function Team({ firm }: { firm: Firm }) {
  const [days, setDays] = useState<StatsPeriod>(30);
  const team = useFirmTeam(firm.id, days);
  const id = useId();
  return (
    <section className="card settings" aria-labelledby="firm-team-heading">
      <h2 id="firm-team-heading">The team</h2>
      <div className="account-form__row">
        <label htmlFor={id}>Period</label>
        <select id={id} value={days} onChange={(event) => setDays(Number(event.target.value) as StatsPeriod)}>
          {STATS_PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </select>
      </div>
      {team.isError && (
        <p className="form__problem" role="alert">
          {team.error.message}
        </p>
      )}
      {team.data && (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, so keyboards must reach it.
        <section className="table-scroll firm__table" tabIndex={0} aria-label="The team’s figures">
          <table>
            <caption>Pages, visits and enquiries, last {team.data.days} days</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Page</th>
                <th scope="col">NFC taps</th>
                <th scope="col">QR scans</th>
                <th scope="col">Links</th>
                <th scope="col">Enquiries (new)</th>
              </tr>
            </thead>
            <tbody>
              {team.data.members.map((member) => (
                <tr key={member.id}>
                  <th scope="row">{member.name}</th>
                  <td>{PAGE_STATE[member.page]}</td>
                  <td>{member.views.nfc}</td>
                  <td>{member.views.qr}</td>
                  <td>{member.views.link}</td>
                  <td>
                    {member.enquiries} ({member.newEnquiries})
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">The firm</th>
                <td />
                <td>{team.data.totals.views.nfc}</td>
                <td>{team.data.totals.views.qr}</td>
                <td>{team.data.totals.views.link}</td>
                <td>
                  {team.data.totals.enquiries} ({team.data.totals.newEnquiries})
                </td>
              </tr>
            </tfoot>
          </table>
        </section>
      )}
      {team.data && team.data.enquiries.length > 0 && (
        <>
          <h3>Latest enquiries</h3>
          <ul className="firm__invites">
            {team.data.enquiries.map((enquiry) => (
              <li key={enquiry.id}>
                {new Date(enquiry.receivedAt).toLocaleDateString('en-GB')}: {enquiry.customer} to{' '}
                {enquiry.memberName} ({enquiry.status}): {enquiry.job}
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={firmExportHref(firm.id)} download>
          Download the firm’s data
        </a>
      </p>
    </section>
  );
}

/** Issue 32: /firm, the signed-in account's firm: starting one, its members, invitations and cards. */
export function FirmScreen() {
  const firm = useMyFirm();
  return (
    <div className="account-screen firm">
      <h1>{firm.data ? firm.data.name : 'Your firm'}</h1>
      {firm.isPending && <p>Loading your firm…</p>}
      {firm.isError && (
        <p className="form__problem" role="alert">
          {firm.error.message}
        </p>
      )}
      {firm.data === null && <StartFirm />}
      {firm.data && (
        <>
          <p className="lead">
            Your firm’s page:{' '}
            <a href={`/f/${firm.data.slug}`}>{`${window.location.origin}/f/${firm.data.slug}`}</a>
          </p>
          <Members firm={firm.data} />
          {firm.data.youAreAdmin && <Team firm={firm.data} />}
          {firm.data.youAreAdmin && <BrandForm firm={firm.data} />}
          {firm.data.youAreAdmin && <Invitations firm={firm.data} />}
          {firm.data.youAreAdmin && <Cards firm={firm.data} />}
        </>
      )}
    </div>
  );
}
