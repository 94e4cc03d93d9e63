import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { myCardAnswer } from '../../../contract/card';
import { notificationsAnswer } from '../../../contract/notifications';
import { profileAnswer } from '../../../contract/user';
import { type StatsPeriod, visitStatsSchema } from '../../../contract/visits';
import { ApiError, callApi } from '../lib/api';
import { signOut, updateSessionUser } from '../stores/session';
import { toast } from '../stores/toasts';
import { MY_CARD_PATH } from './api-paths';
import { takeEarlyRequest } from './early-requests';
import { CARD_CACHE } from './query-client';

export const SESSION_EXPIRED = 'Session expired. Please log in again.';

export const queryKeys = {
  profile: ['profile'] as const,
  myCard: ['my_card'] as const,
  orders: ['my_orders'] as const,
  nfcCards: ['nfc_cards'] as const,
  enquiries: ['enquiries'] as const,
  reviews: ['reviews'] as const,
  domain: ['domain'] as const,
  firm: ['firm'] as const,
  firmCards: (firmId: string) => ['firm_cards', firmId] as const,
  firmTeam: (firmId: string, days: number) => ['firm_team', firmId, days] as const,
  visitStats: (days: StatsPeriod) => ['visit_stats', days] as const,
  notifications: ['notifications'] as const,
};

/** SPEC §7: a timestamp on every /profile and /me/orders call, so no cache between us and the API answers. */
export const stamped = (path: string) => `${path}${path.includes('?') ? '&' : '?'}ts=${Date.now()}`;

/** Ends the session the way SPEC §4 says a 401/403 on the profile does: cleared, told, sent to log in. */
export function endSession(from: string) {
  signOut();
  toast.errorBeforeLeaving(SESSION_EXPIRED);
  window.location.replace(`/login?from=${encodeURIComponent(from)}`);
}

/** The signed-in user (SPEC §3), kept in localStorage too so the next page starts with it. */
export function useProfile() {
  return useQuery({
    queryKey: queryKeys.profile,
    ...CARD_CACHE,
    queryFn: async () => {
      try {
        const { data } = await callApi(stamped('/profile'), profileAnswer, {
          fallback: 'Could not load your account.',
          started: takeEarlyRequest('profile'),
        });
        updateSessionUser(data);
        return data;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          endSession(window.location.pathname + window.location.search);
        }
        throw error;
      }
    },
  });
}

/** The user's own card as saved (GET /api/business-card/my_card), often already under way: see myprofile.astro. */
export function useMyCard() {
  return useQuery({
    queryKey: queryKeys.myCard,
    ...CARD_CACHE,
    queryFn: async () =>
      (
        await callApi(MY_CARD_PATH, myCardAnswer, {
          fallback: 'Could not load your page.',
        })
      ).data,
  });
}

/**
 * The owner's visits for the last `days` UTC days, today counted so far (issue 16). Another period's answer stays on
 * screen (marked as such) until the new one comes, so the screen does not empty and refill at each choice.
 */
export function useVisitStats(days: StatsPeriod) {
  return useQuery({
    queryKey: queryKeys.visitStats(days),
    placeholderData: keepPreviousData,
    queryFn: () =>
      callApi(stamped(`/profile/stats?days=${days}`), visitStatsSchema, {
        fallback: 'Could not load your statistics.',
      }),
  });
}

/** The mail the user chose to get: the weekly summary, on or off. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: async () =>
      (
        await callApi('/profile/notifications', notificationsAnswer, {
          fallback: 'Could not load your settings.',
        })
      ).data,
  });
}
