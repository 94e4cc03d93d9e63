import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { visitStats } from '../../api/visits/stats';
import { COUNTED_PER_ADDRESS_PER_DAY } from '../../events/visit/kinds';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../support/api/app';

// Issue 27, finding 8: from one address in 60 s, 111,819 views were counted, 58,793 "unique visitors" by changing
// the User-Agent, and 4,736 "Call" clicks under "QR scan" from forged pings with a made-up Ping-From; the weekly
// summary reported them to the owner. The counts now mean people: a few of each a day from one address, clicks
// only from an address that viewed the page that day.

const ORIGIN = 'https://tradecard.test';
const ATTACKER = '198.51.100.66';
let t: Awaited<ReturnType<typeof createTestApp>>;
let accountId: string;

beforeEach(async () => {
  t = await createTestApp();
  const token = await t.signUp('dana');
  const published = await t.call(
    'POST',
    '/api/business-card/create_business_card',
    { full_name: 'Dana Pipe', phone_number: '07700 900123' },
    token,
  );
  expect(published.status).toBe(200);
  await catchUp(t.db, { ...t.renderTarget });
  accountId = (await t.db.selectFrom('rendered_profiles').select('account_id').executeTakeFirstOrThrow())
    .account_id;
});
afterEach(async () => {
  await t.close();
});

const hit = (url: string, userAgent: string, headers: Record<string, string> = {}, method = 'GET') =>
  t.app.request(url, {
    method,
    headers: { 'user-agent': userAgent, 'x-forwarded-for': ATTACKER, ...headers },
    ...(method === 'POST' ? { body: 'PING' } : {}),
  });

describe('inflating a page’s counts from one address', () => {
  it('counts a few views, visitors and clicks, not thousands', async () => {
    // Forged pings first, from an address that never opened the page, claiming a QR scan.
    for (let i = 0; i < 500; i++)
      expect(
        (await hit('/api/ping/dana/call', `Bot/${i}`, { 'ping-from': `${ORIGIN}/q/dana` }, 'POST')).status,
      ).toBe(204);
    await t.deps.visits.flush();
    const views = 3000;
    for (let i = 0; i < views; i++) {
      const answer = await hit(
        i % 2 ? '/u/dana' : '/q/dana',
        `Mozilla/5.0 (iPhone; CPU iPhone OS 18_${i} like Mac OS X)`,
      );
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    for (let i = 0; i < 500; i++)
      await hit(
        '/api/ping/dana/call',
        `Mozilla/5.0 (Pixel ${i})`,
        { 'ping-from': `${ORIGIN}/q/dana` },
        'POST',
      );
    await t.deps.visits.flush();

    const today = (await visitStats(t.db, accountId, { days: 7, now: t.deps.now() })).days.at(-1);
    const counted = (today?.views.link ?? 0) + (today?.views.qr ?? 0);
    const calls = (today?.clicks.qr.call ?? 0) + (today?.clicks.link.call ?? 0);
    console.log(
      `count inflation: ${views} views from one address with ${views} user agents → ${counted} views and ${today?.visitors} visitors counted; 1,000 forged Call pings → ${calls} counted`,
    );
    expect(counted).toBe(COUNTED_PER_ADDRESS_PER_DAY);
    expect(today?.visitors).toBeLessThanOrEqual(COUNTED_PER_ADDRESS_PER_DAY);
    expect(calls).toBe(COUNTED_PER_ADDRESS_PER_DAY);
  });
});
