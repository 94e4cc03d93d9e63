import type { Db } from '../../platform/database/db';
import { waitInWords } from '../auth/mail-limits';
import { countUse, windowWaitSeconds } from '../auth/use-windows';

/**
 * Issue 27: the public contact form, signed out, across every address. The per-address limit (api/auth/throttle.ts
 * formsPerAddress) does nothing against a hundred addresses, and each message is a mail to support. A small
 * business's contact form has a few a day; past this many, public messages wait, and the form says how to reach
 * support meanwhile (by mail, or signed in, which these caps don't touch), so no person is left without a way.
 */
export const PUBLIC_CONTACT_WINDOWS = [
  { ms: 3600_000, most: 20 },
  { ms: 24 * 3600_000, most: 60 },
];

const FAMILY = 'contact-site:';
// One subject, the whole site: its rows are one range of the key, kept a day.
const PREFIX = `${FAMILY}public `;
const KEEP_MS = Math.max(...PUBLIC_CONTACT_WINDOWS.map((window) => window.ms));

/** Seconds until the site takes another public message; 0 when it may now. In the transaction, under its lock. */
export const publicContactWaitSeconds = (db: Db, now: Date) =>
  windowWaitSeconds(db, PREFIX, PUBLIC_CONTACT_WINDOWS, now);

/** Counts one public message; in the transaction that records it. */
export const countPublicContact = (db: Db, now: Date) => countUse(db, PREFIX, FAMILY, KEEP_MS, now);

export const siteContactPaused = (supportEmail: string, seconds: number) =>
  `We’re getting an unusual number of messages through this form just now, so it is paused for a while. Please email us at ${supportEmail}, or sign in and send it from your account, or try again in ${waitInWords(seconds)}.`;
