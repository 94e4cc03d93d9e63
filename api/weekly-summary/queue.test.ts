import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replay } from '../../events/replay';
import type { VisitAction, VisitSource } from '../../events/visit/kinds';
import { createTestApp } from '../../tests/support/api/app';
import { saveHits } from '../../tests/support/visits/hits';
import { accountIdOf } from '../../tests/support/visits/stats';
import { runTrialClock } from '../accounts/scheduler';
import { queueWeeklySummaries } from './queue';
import { accountOfOffToken } from './token';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR_MS = 60 * 60 * 1000;
const SUBJECT = /^Your TradeCard week/;

/** Signs up, publishes a page (which starts the 14-day trial) unless told not to, and gives the account's id. */
async function owner(username: string, options: { publish?: boolean } = {}) {
  const token = await t.signUp(username);
  if (options.publish !== false) {
    const fields = { full_name: `${username} Pipe`, phone_number: '0117 496 0456' };
    const published = await t.call('POST', '/api/business-card/create_business_card', fields, token);
    expect(published.status, JSON.stringify(published.body)).toBeLessThan(300);
  }
  const id = await accountIdOf(t.db, username);
  return { id, token, email: `${username}@example.com` };
}

const hit = (accountId: string, day: string, source: VisitSource, action: VisitAction, visitor = 'v1') => ({
  day,
  accountId,
  source,
  action,
  cardCode: null,
  visitor,
  hits: 1,
});

const at = (iso: string) => t.advance(Date.parse(iso) - t.deps.now().getTime());

const summaries = async () => (await t.outbox()).filter((mail) => SUBJECT.test(mail.subject ?? ''));
const to = (mail: ParsedMail) => JSON.stringify(mail.to);

describe('the weekly summary', () => {
  it('goes on Monday to each owner of a live page who has it on, once, with the week before’s figures', async () => {
    const dana = await owner('dana');
    const erin = await owner('erin');
    await owner('finn', { publish: false });
    const gus = await owner('gus');
    expect(
      (await t.call('PUT', '/api/profile/notifications', { weeklySummary: false }, erin.token)).status,
    ).toBe(200);
    expect((await t.call('DELETE', '/api/profile', undefined, gus.token)).status).toBe(200);

    await saveHits(t.db, [
      hit(dana.id, '2026-11-15', 'link', 'view'),
      hit(dana.id, '2026-11-16', 'nfc', 'view'),
      hit(dana.id, '2026-11-16', 'nfc', 'save'),
      hit(dana.id, '2026-11-20', 'link', 'view'),
      hit(dana.id, '2026-11-20', 'link', 'view', 'v2'),
      hit(dana.id, '2026-11-20', 'link', 'call', 'v2'),
      hit(dana.id, '2026-11-20', 'qr', 'view', 'v3'),
      hit(dana.id, '2026-11-22', 'qr', 'view'),
      hit(dana.id, '2026-11-22', 'qr', 'whatsapp'),
      hit(dana.id, '2026-11-22', 'link', 'email'),
      hit(dana.id, '2026-11-23', 'link', 'view'),
      hit(erin.id, '2026-11-20', 'link', 'view'),
    ]);

    // Sunday, and Monday before six: nothing yet.
    expect(await queueWeeklySummaries(t.deps)).toBe(0);
    at('2026-11-23T05:59:59Z');
    expect(await queueWeeklySummaries(t.deps)).toBe(0);
    at('2026-11-23T06:00:00Z');
    expect(await queueWeeklySummaries(t.deps)).toBe(1);

    const [mail, ...others] = await summaries();
    expect(others).toEqual([]);
    if (!mail) throw new Error('No summary was sent.');
    expect(to(mail)).toContain(dana.email);
    expect(mail.subject).toBe('Your TradeCard week: 5 views (16–22 November 2026)');
    expect(mail.text).toContain(
      [
        'Views: 5',
        'NFC taps: 1',
        'QR scans: 2',
        'Link opens: 2',
        // v1 on the 16th, v1, v2 and v3 on the 20th, v1 on the 22nd: visitors are per day.
        'Unique visitors: 5',
        'Save My Number: 1',
        'Calls: 1',
        'WhatsApp: 1',
        'Emails: 1',
      ].join('\n'),
    );
    expect(mail.text).toContain('See your statistics: https://tradecard.test/stats');
    // RFC 8058: the one-click address, which is the account's own signed link, and the body a client posts.
    const offUrl = mail.text?.match(/Turn it off: (\S+)/)?.[1] ?? '';
    expect(offUrl).toMatch(/^https:\/\/tradecard\.test\/api\/weekly-summary\/off\/[^/]+$/);
    expect(accountOfOffToken(t.deps.secret, offUrl.split('/').at(-1) ?? '')).toBe(dana.id);
    const header = (key: string) =>
      mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n[ \t]+/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${offUrl}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Later ticks that Monday, a restart, a replay: nothing more.
    t.advance(HOUR_MS);
    expect(await queueWeeklySummaries(t.deps)).toBe(0);
    await replay(t.db);
    expect(await queueWeeklySummaries(t.deps)).toBe(0);
    expect(await summaries()).toHaveLength(1);
  });

  it('goes once per owner even when several instances run the same Monday at once', async () => {
    const dana = await owner('dana');
    const eve = await owner('eve');
    at('2026-11-23T06:00:15Z');
    const queued = await Promise.all([
      queueWeeklySummaries(t.deps),
      queueWeeklySummaries(t.deps),
      queueWeeklySummaries(t.deps),
    ]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(2);
    const sent = await summaries();
    expect(sent).toHaveLength(2);
    expect(sent.filter((mail) => to(mail).includes(dana.email))).toHaveLength(1);
    expect(sent.filter((mail) => to(mail).includes(eve.email))).toHaveLength(1);
    const recorded = await t.db
      .selectFrom('events')
      .select('stream_id')
      .where('type', '=', 'WeeklySummaryQueued')
      .execute();
    expect(recorded).toHaveLength(2);
  });

  it('goes every Monday while the page is live, and stops when it goes offline', async () => {
    const dana = await owner('dana');
    await saveHits(t.db, [hit(dana.id, '2026-11-23', 'nfc', 'view')]);
    for (const monday of ['2026-11-23', '2026-11-30']) {
      at(`${monday}T07:00:00Z`);
      await runTrialClock(t.deps);
      expect(await queueWeeklySummaries(t.deps)).toBe(1);
    }
    const [first, second] = await summaries();
    expect(first?.subject).toBe('Your TradeCard week: 0 views (16–22 November 2026)');
    expect(first?.text).toContain('Nobody opened your page from 16–22 November 2026.');
    expect(second?.subject).toBe('Your TradeCard week: 1 view (23–29 November 2026)');

    // The trial (from the publish on 22 November) ended on 6 December, with no plan: the page is offline.
    at('2026-12-07T07:00:00Z');
    await runTrialClock(t.deps);
    expect(await queueWeeklySummaries(t.deps)).toBe(0);
    expect(await summaries()).toHaveLength(2);
  });

  it('goes again once turned back on, and its setting survives a replay', async () => {
    const dana = await owner('dana');
    const off = await t.call('PUT', '/api/profile/notifications', { weeklySummary: false }, dana.token);
    expect(off.body).toEqual({
      success: true,
      message: 'Weekly summary turned off.',
      data: { weeklySummary: false },
    });
    await replay(t.db);
    const read = await t.call('GET', '/api/profile/notifications', undefined, dana.token);
    expect(read.body.data).toEqual({ weeklySummary: false });
    at('2026-11-23T06:00:00Z');
    expect(await queueWeeklySummaries(t.deps)).toBe(0);

    const on = await t.call('PUT', '/api/profile/notifications', { weeklySummary: true }, dana.token);
    expect(on.body.data).toEqual({ weeklySummary: true });
    expect(await queueWeeklySummaries(t.deps)).toBe(1);
    expect(await summaries()).toHaveLength(1);
  });
});
