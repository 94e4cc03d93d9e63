import { signedValue, valueOfSigned } from '../auth/secrets';

/**
 * The weekly summary's one-click "turn off" link: the account's id and a MAC of it under APP_SECRET, so nobody can
 * make one for another account, and the link in last month's mail still works (a person may scroll back for it).
 * Only this purpose is signed with this label: a MAC made for anything else is not a token here.
 */
const PURPOSE = 'weekly-summary-off\n';

export const weeklySummaryOffToken = (secret: string, accountId: string) =>
  signedValue(secret, PURPOSE, accountId);

/** The account a token was made for, or null for anything else (altered, truncated, made with another key). */
export const accountOfOffToken = (secret: string, token: string): string | null =>
  valueOfSigned(secret, PURPOSE, token);
