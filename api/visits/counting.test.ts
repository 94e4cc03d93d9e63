import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/database/db';
import { isPostgres } from '../../platform/database/dialect';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { captureLogs } from '../../tests/support/observability/logs';
import { visitStats } from './stats';
import { tallyFinishedDays } from './tally';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';
const ADDRESS = '203.0.113.77';
const ORIGIN = 'https://tradecard.test';

let t: Awaited<ReturnType<typeof createTestApp>>;
let accountId: string;

beforeEach(async () => {
  t = await createTestApp();
  const token = await t.signUp('dana');
  const published = await t.call(
    'POST',
    '/api/business-card/create_business_card',
    { full_name: 'Dana Pipe', phone_number: '07700 900123', contact_email: 'hello@danapipe.example' },
    token,
  );
  expect(published.status).toBe(200);
  await catchUp(t.db, { ...t.renderTarget });
  const row = await t.db.selectFrom('rendered_profiles').select('account_id').executeTakeFirstOrThrow();
  accountId = row.account_id;
});
afterEach(async () => {
  await t.close();
});

/** A phone on a building site's network, behind the one proxy the test app trusts. */
const visit = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  t.app.request(url, {
    method,
    headers: { 'user-agent': PHONE, 'x-forwarded-for': ADDRESS, ...headers },
    ...(method === 'POST' ? { body: 'PING' } : {}),
  });

const today = async () => {
  await t.deps.visits.flush();
  return (await visitStats(t.db, accountId, { days: 7, now: t.deps.now() })).days.at(-1);
};

describe('counting on the public pages', () => {
  it('counts a view at the plain link and at the QR address, which serves the same page', async () => {
    const link = await visit('/u/dana');
    const qr = await visit('/q/dana');
    expect(qr.status).toBe(200);
    expect(await qr.text()).toBe(await link.text());
    expect((await today())?.views).toEqual({ nfc: 0, qr: 1, link: 1 });
  });

  it('counts a revalidation (304) as a view, and not a HEAD, a prefetch, a bot or a missing page', async () => {
    const first = await visit('/u/dana');
    const etag = first.headers.get('etag') as string;
    expect((await visit('/u/dana', { 'if-none-match': etag })).status).toBe(304);
    await visit('/u/dana', {}, 'HEAD');
    await visit('/u/dana', { 'sec-purpose': 'prefetch' });
    await visit('/u/dana', { 'user-agent': 'WhatsApp/2.23.20.0 A' });
    await visit('/u/nobody');
    const counted = await today();
    expect(counted?.views.link).toBe(2);
    expect(counted?.visitors).toBe(1);
  });

  it('counts Save My Number by the address of the page it was saved from', async () => {
    await visit('/u/dana');
    expect((await visit('/u/dana/contact.vcf', { referer: `${ORIGIN}/q/dana` })).status).toBe(200);
    await visit('/u/dana/contact.vcf', { referer: `${ORIGIN}/u/dana` });
    await visit('/u/dana/contact.vcf');
    const counted = await today();
    expect(counted?.clicks.qr.save).toBe(1);
    expect(counted?.clicks.link.save).toBe(2);
  });

  it('counts a button’s ping by the address its page was opened at (Ping-From)', async () => {
    await visit('/u/dana');
    const call = await visit(
      '/api/ping/dana/call',
      { 'ping-from': `${ORIGIN}/q/dana`, 'ping-to': 'tel:+447700900123' },
      'POST',
    );
    expect(call.status).toBe(204);
    await visit('/api/ping/dana/whatsapp', { 'ping-from': `${ORIGIN}/u/dana` }, 'POST');
    await visit('/api/ping/dana/instagram', { 'ping-from': `${ORIGIN}/u/dana` }, 'POST');
    const counted = await today();
    expect(counted?.clicks.qr.call).toBe(1);
    expect(counted?.clicks.link.whatsapp).toBe(1);
    expect(counted?.clicks.link.instagram).toBe(1);
  });

  it('refuses a ping for an action the page has no button for, with a reason', async () => {
    for (const url of [
      '/api/ping/dana/save',
      '/api/ping/dana/launch-missiles',
      '/api/ping/NOT%20A%20NAME/call',
    ]) {
      const response = await visit(url, {}, 'POST');
      expect(response.status, url).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found.' });
    }
    expect((await today())?.clicks.link.call).toBe(0);
  });
});

/**
 * The tables of the test's database. On PostgreSQL, those of its own schema, read from the catalogue for that schema
 * alone: other suites running beside it make and drop tables in theirs meanwhile, and Kysely's introspection of every
 * schema failed on one dropped as it read.
 */
async function tableNames(db: Db): Promise<string[]> {
  if (!isPostgres(db)) return (await db.introspection.getTables()).map((table) => table.name);
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.map((row) => row.name);
}

/** Every row of every table, as text: what a breach or a subpoena would find. */
async function everything(db: Db): Promise<string> {
  const tables = await tableNames(db);
  // A dump of nothing would contain no address either.
  if (!tables.includes('visit_counts')) throw new Error('the dump found no tables');
  const dump: unknown[] = [];
  // Kysely types tables it knows; these are whatever the database holds, one of them possibly added since.
  const untyped = db as unknown as { selectFrom(table: string): ReturnType<Db['selectFrom']> };
  for (const table of tables) dump.push(table, await untyped.selectFrom(table).selectAll().execute());
  return JSON.stringify(dump);
}

describe('what the visitor leaves behind', () => {
  it('sets no cookie on any public answer', async () => {
    const answers = [
      await visit('/u/dana'),
      await visit('/q/dana'),
      await visit('/u/dana/contact.vcf'),
      await visit('/u/dana/qr.png'),
      await visit('/api/ping/dana/call', { 'ping-from': `${ORIGIN}/u/dana` }, 'POST'),
      await visit('/c/NOSUCHCARD'),
      await visit('/u/nobody'),
    ];
    for (const answer of answers) expect(answer.headers.get('set-cookie')).toBeNull();
  });

  it('leaves no address in the database or the logs after a day of visits, and no hash once the day is tallied', async () => {
    const logs = captureLogs('debug');
    try {
      await visit('/u/dana');
      await visit('/q/dana');
      await visit('/u/dana/contact.vcf', { referer: `${ORIGIN}/u/dana` });
      await visit('/api/ping/dana/call', { 'ping-from': `${ORIGIN}/u/dana` }, 'POST');
      await t.deps.visits.flush();
      const during = await everything(t.db);
      expect(during).not.toContain(ADDRESS);
      expect(during).not.toContain('iPhone OS 18_0');
      expect(JSON.stringify(logs.lines())).not.toContain(ADDRESS);

      t.advance(24 * 60 * 60 * 1000);
      expect(await tallyFinishedDays({ db: t.db, now: t.deps.now })).toBe(1);
      const after = await everything(t.db);
      expect(after).not.toContain(ADDRESS);
      expect(await t.db.selectFrom('visit_counts').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('visit_visitors').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('visit_salts').selectAll().execute()).toEqual([]);
      const stats = await visitStats(t.db, accountId, { days: 7, now: t.deps.now() });
      expect(stats.totals.views).toEqual({ nfc: 0, qr: 1, link: 1 });
      expect(stats.totals.clicks.link).toMatchObject({ save: 1, call: 1 });
      expect(stats.totals.visitors).toBe(1);
    } finally {
      logs.restore();
    }
  });

  it('leaves no address in the abuse limits of the forms either: they key it by a keyed hash', async () => {
    const from = { 'x-forwarded-for': ADDRESS };
    for (let attempt = 0; attempt < 3; attempt++)
      await t.call(
        'POST',
        '/api/login',
        { email: 'dana@example.com', password: 'wrong-password' },
        undefined,
        from,
      );
    await t.call('POST', '/api/forgot-password', { email: 'dana@example.com' }, undefined, from);
    const throttles = await t.db.selectFrom('throttles').select('key').execute();
    expect(throttles.length).toBeGreaterThan(0);
    expect(JSON.stringify(throttles)).not.toContain(ADDRESS);
    expect(await everything(t.db)).not.toContain(ADDRESS);
  });

  it('erases a deleted account’s counts, tallied and raw', async () => {
    await visit('/u/dana');
    await t.deps.visits.flush();
    t.advance(24 * 60 * 60 * 1000);
    await tallyFinishedDays({ db: t.db, now: t.deps.now });
    await visit('/u/dana');
    await t.deps.visits.flush();
    const { redactAccountEvents } = await import('../../events/erasure');
    await t.db
      .transaction()
      .execute((trx) => redactAccountEvents(trx, accountId, 'dana@example.com', t.deps.now()));
    expect(await t.db.selectFrom('visit_days').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('visit_counts').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('visit_visitors').selectAll().execute()).toEqual([]);
    const events = await t.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'VisitsTallied')
      .execute();
    expect(events.map((row) => JSON.parse(row.data).tallies)).toEqual([[]]);
  });
});
