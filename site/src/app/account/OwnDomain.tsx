import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import type { OwnDomain as Domain } from '../../../../contract/domain';
import { copyWithToast } from '../../lib/copy';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { connectDomain, disconnectDomain, domainProgress, useOwnDomain } from './own-domain';

/** The records to set at the registrar, each value with a copy button: typed by hand, one wrong letter breaks it. */
function Records({ domain }: { domain: Domain }) {
  return (
    <table className="domain__records">
      <caption>Set these at the company you bought {domain.domain} from</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {domain.records.map((record) => (
          <tr key={`${record.type} ${record.name} ${record.value}`}>
            <td>{record.type}</td>
            <td>
              <code>{record.name}</code>
            </td>
            <td>
              <code>{record.value}</code>{' '}
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Copy the ${record.type} value`}
                onClick={() => void copyWithToast(record.value, 'Copied to clipboard!')}
              >
                Copy
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Connect({ current }: { current: Domain | null }) {
  const id = useId();
  const client = useQueryClient();
  const connect = useMutation({
    mutationFn: connectDomain,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.domain, answer.data);
      toast.success(`We’re checking ${answer.data.domain}: set the records below if you haven’t yet.`);
    },
    onError: (error) => toast.error(error.message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    connect.mutate(String(new FormData(event.currentTarget).get('domain') ?? ''));
  };
  return (
    <form className="form account-form" onSubmit={submit}>
      <label htmlFor={id}>{current ? 'Use another domain instead' : 'Your domain'}</label>
      <input
        id={id}
        name="domain"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="card.taylorandsons.co.uk"
        maxLength={273}
        required
      />
      <div>
        <button type="submit" className="button" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting…' : 'Connect domain'}
        </button>
      </div>
    </form>
  );
}

/** Set the records just now? A look at DNS at once instead of at the next minute's. */
function CheckNow({ domain }: { domain: Domain }) {
  const client = useQueryClient();
  const check = useMutation({
    mutationFn: () => connectDomain(domain.domain),
    onSuccess: (answer) => client.setQueryData(queryKeys.domain, answer.data),
    onError: (error) => toast.error(error.message),
  });
  return (
    <button type="button" className="button" disabled={check.isPending} onClick={() => check.mutate()}>
      {check.isPending ? 'Checking…' : 'Check again now'}
    </button>
  );
}

function Disconnect({ domain }: { domain: Domain }) {
  const client = useQueryClient();
  const disconnect = useMutation({
    mutationFn: disconnectDomain,
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.domain, null);
      toast.success(answer.message);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={disconnect.isPending}
      aria-label={`Disconnect ${domain.domain}`}
      onClick={() => disconnect.mutate()}
    >
      Disconnect
    </button>
  );
}

/**
 * Issue 31: the owner's own domain in front of their page. Which DNS records to set, where it has got to (we check
 * DNS ourselves, and mail when it goes live or breaks), and the way to change or remove it.
 */
export function OwnDomain() {
  const domain = useOwnDomain();
  return (
    <section className="card settings domain" aria-labelledby="domain-heading">
      <h2 id="domain-heading">Your own domain</h2>
      <p className="settings__note">
        Show your page at your own address, like card.taylorandsons.co.uk: your share link and new QR codes
        use it, with its own secure certificate. Your NFC cards and printed codes keep working either way.
      </p>
      {domain.isPending && <p>Loading your domain…</p>}
      {domain.isError && (
        <p className="form__problem" role="alert">
          {domain.error.message}
        </p>
      )}
      {domain.data && (
        <>
          <p className="domain__status" role="status">
            <strong>{domain.data.domain}</strong>: {domainProgress(domain.data)}
          </p>
          {domain.data.problem && <p className="domain__problem">{domain.data.problem}</p>}
          {domain.data.status === 'live' ? (
            <p>
              <a href={`https://${domain.data.domain}/`} target="_blank" rel="noopener">
                Open https://{domain.data.domain}/
              </a>
            </p>
          ) : (
            <Records domain={domain.data} />
          )}
          <div className="domain__buttons">
            {domain.data.status !== 'live' && <CheckNow domain={domain.data} />}
            <Disconnect domain={domain.data} />
          </div>
        </>
      )}
      {domain.isSuccess && <Connect current={domain.data} />}
    </section>
  );
}
