import { expect } from '@playwright/test';
import type { OutboxMessage } from '../../api/mail/outbox-reader';
import { mailCount, sentTo, waitForMail } from '../support/api/mail/outbox';
import { outboxDir } from './accounts';

/**
 * The newest mail to `email` with this subject (or one matching it), read from the server's outbox as the person
 * reads their inbox; `after` (a mailCount) for one that must be newer than what was there before.
 */
export const mailTo = (email: string, subject: string | RegExp, options: { after?: number } = {}) =>
  waitForMail(
    outboxDir(),
    (mail) =>
      sentTo(mail, email) &&
      (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)),
    options,
  );

/** How many mails the outbox holds now: a later mailTo's `after`. */
export const mailsSoFar = () => mailCount(outboxDir());

/** The address a mail's button leads to, as its plain-text part spells it out: "<label>: <url>". */
export function linkIn(text: string, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const url = text.match(new RegExp(`^${escaped}: (\\S+)$`, 'm'))?.[1];
  if (!url) throw new Error(`No “${label}” link in:\n${text}`);
  return url;
}

/** A lifecycle mail offers one thing to do: its HTML has one button, this one, and the text spells out its link. */
export function theOneButton(mail: OutboxMessage, label: string): string {
  const url = linkIn(mail.text, label);
  const anchors = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)];
  expect(anchors.map(([, href, text]) => [href?.replaceAll('&amp;', '&'), text])).toEqual([[url, label]]);
  return url;
}
