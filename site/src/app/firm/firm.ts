import { useQuery } from '@tanstack/react-query';
import {
  cardReassignedAnswer,
  csvInvitedAnswer,
  firmCardsAnswer,
  firmCheckoutAnswer,
  firmCreatedAnswer,
  firmSavedAnswer,
  firmTeamAnswer,
  invitedAnswer,
  myFirmAnswer,
} from '../../../../contract/firm';
import { messageAnswer } from '../../../../contract/message';
import type { StatsPeriod } from '../../../../contract/visits';
import type { Brand, BrandPart } from '../../../../events/firm/brand';
import { callApi } from '../../lib/api';
import { queryKeys } from '../queries';

export const LOAD_FIRM_FAILED = 'Could not load your firm.';

/** The signed-in account's firm (issue 32), or null when it is in none. */
export const useMyFirm = () =>
  useQuery({
    queryKey: queryKeys.firm,
    queryFn: async () => (await callApi('/firms/mine', myFirmAnswer, { fallback: LOAD_FIRM_FAILED })).data,
  });

/** The cards the members hold, for the admin, who may move them between members. */
export const useFirmCards = (firmId: string, admin: boolean) =>
  useQuery({
    queryKey: queryKeys.firmCards(firmId),
    enabled: admin,
    queryFn: async () =>
      (
        await callApi(`/firms/${firmId}/cards`, firmCardsAnswer, {
          fallback: 'Could not load the firm’s cards.',
        })
      ).data,
  });

const firmPath = (firmId: string, rest = '') => `/firms/${encodeURIComponent(firmId)}${rest}`;

/** The team's pages, visits and enquiries over the period, for the admin. */
export const useFirmTeam = (firmId: string, days: StatsPeriod) =>
  useQuery({
    queryKey: queryKeys.firmTeam(firmId, days),
    queryFn: async () =>
      (
        await callApi(firmPath(firmId, `/team?days=${days}`), firmTeamAnswer, {
          fallback: 'Could not load the team.',
        })
      ).data,
  });

/** The firm's data as a file: an ordinary link, which the browser downloads with the session cookie. */
export const firmExportHref = (firmId: string) => `/api${firmPath(firmId, '/export')}`;

export const createFirm = (name: string) =>
  callApi('/firms', firmCreatedAnswer, {
    method: 'POST',
    body: { name },
    fallback: 'Could not start the firm. Please try again.',
  });

export const inviteOne = (firmId: string, invitee: { email: string; name: string }) =>
  callApi(firmPath(firmId, '/invites'), invitedAnswer, {
    method: 'POST',
    body: invitee,
    fallback: 'Could not send the invitation. Please try again.',
  });

export const inviteFromCsv = (firmId: string, csv: string) =>
  callApi(firmPath(firmId, '/invites/csv'), csvInvitedAnswer, {
    method: 'POST',
    body: { csv },
    fallback: 'Could not send the invitations. Please try again.',
  });

export const removeMember = (firmId: string, accountId: string) =>
  callApi(firmPath(firmId, `/members/${encodeURIComponent(accountId)}`), messageAnswer, {
    method: 'DELETE',
    fallback: 'Could not remove them. Please try again.',
  });

export const leaveFirm = (firmId: string) =>
  callApi(firmPath(firmId, '/leave'), messageAnswer, {
    method: 'POST',
    body: {},
    fallback: 'Could not leave the firm. Please try again.',
  });

export const makeAdmin = (firmId: string, accountId: string) =>
  callApi(firmPath(firmId, '/admin'), messageAnswer, {
    method: 'POST',
    body: { accountId },
    fallback: 'Could not hand the admin role over. Please try again.',
  });

export const reassignCard = (firmId: string, code: string, to: string) =>
  callApi(firmPath(firmId, `/cards/${encodeURIComponent(code)}/reassign`), cardReassignedAnswer, {
    method: 'POST',
    body: { to },
    fallback: 'Could not move the card. Please try again.',
  });

export type BrandInput = { values: Omit<Brand['values'], 'page_theme_variant'>; locked: BrandPart[] };

export const saveBrand = (firmId: string, brand: BrandInput) =>
  callApi(firmPath(firmId, '/brand'), firmSavedAnswer, {
    method: 'PUT',
    body: brand,
    fallback: 'Could not save the brand. Please try again.',
  });

export const directQuotes = (firmId: string, accountId: string) =>
  callApi(firmPath(firmId, '/quotes'), firmSavedAnswer, {
    method: 'PUT',
    body: { accountId },
    fallback: 'Could not change where quote requests go. Please try again.',
  });

/** The firm's plan, one place a member: the checkout to go to (issue 32). */
export const startFirmPlan = (firmId: string) =>
  callApi(firmPath(firmId, '/plan'), firmCheckoutAnswer, {
    method: 'POST',
    body: { cancelUrl: window.location.href },
    fallback: 'Could not open the checkout. Please try again.',
  });

export const buyCardsFor = (firmId: string, order: { forAccountId: string; quantity: number }) =>
  callApi(firmPath(firmId, '/card-orders'), firmCheckoutAnswer, {
    method: 'POST',
    body: { ...order, cancelUrl: window.location.href },
    fallback: 'Could not open the checkout. Please try again.',
  });

export const setLogo = (firmId: string, url: string) =>
  callApi(firmPath(firmId, '/logo'), firmSavedAnswer, {
    method: 'PUT',
    body: { url },
    fallback: 'Could not save the logo. Please try again.',
  });

export const removeLogo = (firmId: string) =>
  callApi(firmPath(firmId, '/logo'), firmSavedAnswer, {
    method: 'DELETE',
    fallback: 'Could not take the logo off. Please try again.',
  });
