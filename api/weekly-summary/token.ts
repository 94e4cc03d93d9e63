import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The weekly summary's one-click "turn off" link: the account's id and a MAC of it under APP_SECRET, so nobody can
 * make one for another account, and the link in last month's mail still works (a person may scroll back for it).
 * Only this purpose is signed with this label: a MAC made for anything else is not a token here.
 */
const PURPOSE = 'weekly-summary-off\n';

const macOf = (secret: string, accountId: string) =>
  createHmac('sha256', secret).update(PURPOSE).update(accountId).digest('base64url');

export const weeklySummaryOffToken = (secret: string, accountId: string) =>
  `${accountId}.${macOf(secret, accountId)}`;

/** The account a token was made for, or null for anything else (altered, truncated, made with another key). */
export function accountOfOffToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const accountId = token.slice(0, dot);
  // Compared as text, so only the one spelling is a token (base64url has others for the same bytes).
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(macOf(secret, accountId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? accountId : null;
}
