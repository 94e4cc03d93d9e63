import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { BrandForm } from './BrandForm';
import { Cards } from './Cards';
import { createFirm, useMyFirm } from './firm';
import { Invitations } from './Invitations';
import { Members } from './Members';
import { Plan } from './Plan';
import { Team } from './Team';

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

/** Issue 32: /firm, the signed-in account's firm: starting one, its members, its bill, invitations and cards. */
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
          <Plan firm={firm.data} />
          {firm.data.youAreAdmin && <Team firm={firm.data} />}
          {firm.data.youAreAdmin && <BrandForm firm={firm.data} />}
          {firm.data.youAreAdmin && <Invitations firm={firm.data} />}
          {firm.data.youAreAdmin && <Cards firm={firm.data} />}
        </>
      )}
    </div>
  );
}
