import { QueryClient } from '@tanstack/react-query';

const MINUTE = 60_000;

/**
 * SPEC §7 "Caching of queries": stale after 5 minutes, kept 15, one retry for queries and none for mutations, no
 * refetch on focus, reconnect or mount. (The profile and own card use their own 5/10 minute settings.)
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 15 * MINUTE,
        retry: 1,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
      },
      mutations: { retry: 0 },
    },
  });

export const CARD_CACHE = { staleTime: 5 * MINUTE, gcTime: 10 * MINUTE } as const;
