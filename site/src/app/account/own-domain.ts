import { useQuery } from '@tanstack/react-query';
import { domainAnswer, domainConnectedAnswer, type OwnDomain } from '../../../../contract/domain';
import { messageAnswer } from '../../../../contract/message';
import { callApi } from '../../lib/api';
import { formatDate } from '../orders/format';
import { queryKeys } from '../queries';

export const LOAD_DOMAIN_FAILED = 'Could not load your domain.';

/** The owner's own domain (issue 31), or null: looked at again every 5 s until it is live, as the checker works. */
export function useOwnDomain() {
  return useQuery({
    queryKey: queryKeys.domain,
    queryFn: async () => (await callApi('/domain', domainAnswer, { fallback: LOAD_DOMAIN_FAILED })).data,
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'live' ? 5_000 : false),
  });
}

export const connectDomain = (domain: string) =>
  callApi('/domain', domainConnectedAnswer, {
    method: 'PUT',
    body: { domain },
    fallback: 'Could not connect the domain. Please try again.',
  });

export const disconnectDomain = () =>
  callApi('/domain', messageAnswer, {
    method: 'DELETE',
    fallback: 'Could not disconnect the domain. Please try again.',
  });

/** Where the domain has got to, in the words the issue gives: waiting for DNS, checking, live, broken since <date>. */
export function domainProgress(
  domain: Pick<OwnDomain, 'status' | 'checkedAt' | 'liveSince' | 'brokenSince'>,
) {
  switch (domain.status) {
    case 'live':
      return `Live since ${formatDate(domain.liveSince)}`;
    case 'broken':
      return `Broken since ${formatDate(domain.brokenSince)}: your page is at its TradeCard address meanwhile`;
    case 'waiting':
      return domain.checkedAt === null ? 'Checking…' : 'Waiting for DNS';
  }
}

/** The page's address to share: the owner's domain while it is live, else its TradeCard address. */
export const shareAddress = (origin: string, username: string, domain: OwnDomain | null | undefined) =>
  domain?.status === 'live' ? `https://${domain.domain}/` : `${origin}/u/${encodeURIComponent(username)}`;
