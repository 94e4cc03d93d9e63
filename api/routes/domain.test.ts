import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { handleCommand } from '../../events/command';
import { findDomain } from '../../events/domain/domains-read-model';
import { DOMAIN_IS_OURS, DOMAIN_NOT_USABLE } from '../../events/domain/input';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { livePage } from '../../tests/support/api/quotes';
import { startTestDnsServer, type TestDnsServer } from '../../tests/support/dns/test-dns-server';
import { accountIdOf } from '../../tests/support/visits/stats';
import { checkDueDomains } from '../domains/checker';
import { DOMAIN_TAKEN, DOMAINS_PER_DAY, TOO_MANY_DOMAINS } from '../domains/connect';
import { CHECK_AGAIN_AFTER_MS, RECHECK_MS } from '../domains/schedule';

let t: Awaited<ReturnType<typeof createTestApp>>;
let dns: TestDnsServer;
const domain = 'card.danapipe.test';

beforeEach(async () => {
  dns = await startTestDnsServer({ 'tradecard.test': { A: ['192.0.2.10'] } });
  t = await createTestApp({
    domains: {
      target: { host: 'tradecard.test', addresses: ['192.0.2.10'] },
      resolver: [dns.address],
      timeoutMs: 300,
    },
  });
});
afterEach(async () => {
  await t.close();
  await dns.close();
});

const ask = (name: string) => t.call('GET', `/api/domains/allowed?domain=${encodeURIComponent(name)}`);
const check = () => checkDueDomains(t.deps);

/** Dana's page, live and rendered, with card.danapipe.test connected: its token. */
async function connected() {
  const dana = await livePage(t);
  await catchUp(t.db, t.renderTarget);
  const put = await t.call('PUT', '/api/domain', { domain: `https://${domain}/` }, dana);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const txt = put.body.records.find((record: { type: string }) => record.type === 'TXT');
  return { dana, txt: txt.value as string };
}

/** Sets DNS as the settings say: the TXT record with the token, the CNAME to the service host. */
const pointAtUs = (txt: string) => {
  dns.set(`_tradecard.${domain}`, { TXT: [txt] });
  dns.set(domain, { CNAME: 'tradecard.test' });
};

describe('connecting a domain: /api/domain', () => {
  it('says which DNS records to set, and is waiting until DNS has them', async () => {
    const dana = await livePage(t);
    expect(await t.call('GET', '/api/domain', undefined, dana)).toMatchObject({
      status: 200,
      body: { data: null },
    });
    const put = await t.call('PUT', '/api/domain', { domain: 'Card.DanaPipe.test' }, dana);
    expect(put.body).toMatchObject({ status: 'waiting', data: { domain, checkedAt: null } });
    expect(put.body.records).toEqual([
      {
        type: 'TXT',
        name: `_tradecard.${domain}`,
        value: expect.stringMatching(/^tradecard-verify=[\w-]{22}$/),
      },
      { type: 'CNAME', name: domain, value: 'tradecard.test' },
    ]);
    // Asked again, the same domain keeps its token: a TXT record already set stays right.
    const again = await t.call('PUT', '/api/domain', { domain }, dana);
    expect(again.body.records).toEqual(put.body.records);
    expect((await t.call('GET', '/api/domain', undefined, dana)).body.data).toMatchObject({
      domain,
      status: 'waiting',
    });
  });

  it('refuses what is not a usable domain, ours, or another owner’s, with why', async () => {
    const dana = await livePage(t);
    for (const [typed, error] of [
      ['', 'Please type your domain, like taylorandsons.co.uk.'],
      ['not a domain', DOMAIN_NOT_USABLE],
      ['tradecard.test', DOMAIN_IS_OURS],
      ['dana.tradecard.test', DOMAIN_IS_OURS],
    ])
      expect(await t.call('PUT', '/api/domain', { domain: typed }, dana)).toMatchObject({
        status: 400,
        body: { error },
      });
    expect((await t.call('PUT', '/api/domain', { domain }, dana)).status).toBe(200);
    const sam = await t.signUp('sam');
    expect(await t.call('PUT', '/api/domain', { domain }, sam)).toMatchObject({
      status: 409,
      body: { error: DOMAIN_TAKEN },
    });
    expect((await t.call('PUT', '/api/domain', { domain })).status).toBe(401);
  });

  it('goes live when DNS is right, mails the owner, and only then may Caddy get it a certificate', async () => {
    const { dana, txt } = await connected();
    expect((await ask(domain)).status).toBe(404);
    expect(await check()).toBe(1);
    expect((await t.call('GET', '/api/domain', undefined, dana)).body.data).toMatchObject({
      status: 'waiting',
      problem: expect.stringContaining(`_tradecard.${domain}`),
      checkedAt: expect.any(String),
    });
    pointAtUs(txt);
    // Not due yet: a waiting domain is looked at again a minute later.
    expect(await check()).toBe(0);
    t.advance(RECHECK_MS.waiting);
    expect(await check()).toBe(1);
    expect((await t.call('GET', '/api/domain', undefined, dana)).body.data).toMatchObject({
      status: 'live',
      problem: null,
    });
    expect(await findDomain(t.db, domain)).toMatchObject({ status: 'live', live_since: expect.any(String) });
    expect((await t.lastMailTo('dana@example.com')).subject).toBe(`Your page is live at ${domain}`);
    expect(await ask(domain)).toMatchObject({ status: 200, body: { domain } });
    expect(await ask(`${domain.toUpperCase()}.`)).toMatchObject({ status: 200 });
  });

  it('breaks when DNS stops pointing at us, says so, and comes back by itself', async () => {
    const { dana, txt } = await connected();
    pointAtUs(txt);
    await check();
    dns.set(domain, { A: ['198.51.100.7'] });
    t.advance(RECHECK_MS.live);
    await check();
    const broken = (await t.call('GET', '/api/domain', undefined, dana)).body.data;
    expect(broken).toMatchObject({ status: 'broken', brokenSince: expect.any(String) });
    expect(broken.problem).toContain('198.51.100.7');
    const mail = await t.lastMailTo('dana@example.com');
    expect(mail.subject).toBe(`${domain} has stopped working`);
    expect(mail.text).toContain('https://tradecard.test/u/dana');
    expect((await ask(domain)).status).toBe(404);
    pointAtUs(txt);
    t.advance(RECHECK_MS.broken);
    await check();
    expect((await t.call('GET', '/api/domain', undefined, dana)).body.data.status).toBe('live');
  });

  it('keeps a live domain live when DNS can’t be reached, and looks again soon', async () => {
    const { dana, txt } = await connected();
    pointAtUs(txt);
    await check();
    dns.silent(true);
    t.advance(RECHECK_MS.live);
    expect(await check()).toBe(1);
    expect((await t.call('GET', '/api/domain', undefined, dana)).body.data.status).toBe('live');
    const row = await t.db
      .selectFrom('domain_checks')
      .selectAll()
      .where('domain', '=', domain)
      .executeTakeFirstOrThrow();
    expect(row.outcome).toBe('unknown');
    expect(new Date(row.next_check_at).getTime() - t.deps.now().getTime()).toBe(RECHECK_MS.unknown);
  });

  it('answers Caddy no for an unknown domain, a pending one, and one whose page is not live', async () => {
    expect((await ask('nobody.test')).status).toBe(404);
    expect((await t.call('GET', '/api/domains/allowed')).status).toBe(400);
    const { txt } = await connected();
    expect((await ask(domain)).status).toBe(404);
    pointAtUs(txt);
    await check();
    expect((await ask(domain)).status).toBe(200);
    // The trial ends unpaid: the page is not live, so no certificate for its domain.
    await handleCommand(t.db, {
      decider: accountDecider,
      streamId: accountStreamId(await accountIdOf(t.db, 'dana')),
      command: { type: 'EndTrial' },
      now: new Date('2027-01-01T00:00:00Z'),
    });
    await catchUp(t.db, t.renderTarget);
    expect((await ask(domain)).status).toBe(404);
  });

  it('connects at most ten different domains a day, and asks DNS about one at most every ten seconds', async () => {
    const dana = await livePage(t);
    for (let n = 1; n <= DOMAINS_PER_DAY; n += 1)
      expect((await t.call('PUT', '/api/domain', { domain: `card${n}.danapipe.test` }, dana)).status).toBe(
        200,
      );
    expect(await t.call('PUT', '/api/domain', { domain: 'card11.danapipe.test' }, dana)).toMatchObject({
      status: 429,
      body: { error: TOO_MANY_DOMAINS },
    });
    // The one connected now may be asked about again: that is no new domain.
    expect((await t.call('PUT', '/api/domain', { domain: 'card10.danapipe.test' }, dana)).status).toBe(200);
    expect(await check()).toBe(1);
    expect((await t.call('PUT', '/api/domain', { domain: 'card10.danapipe.test' }, dana)).status).toBe(200);
    expect(await check()).toBe(0);
    t.advance(CHECK_AGAIN_AFTER_MS);
    expect(await check()).toBe(1);
    t.advance(86_400_000);
    expect((await t.call('PUT', '/api/domain', { domain: 'card11.danapipe.test' }, dana)).status).toBe(200);
  });

  it('disconnects: no certificate, the service address again, and the name free for another owner', async () => {
    const { dana, txt } = await connected();
    pointAtUs(txt);
    await check();
    expect(await t.call('DELETE', '/api/domain', undefined, dana)).toMatchObject({ status: 200 });
    expect((await t.call('GET', '/api/domain', undefined, dana)).body.data).toBeNull();
    expect((await ask(domain)).status).toBe(404);
    expect(await t.call('DELETE', '/api/domain', undefined, dana)).toMatchObject({ status: 404 });
    const sam = await t.signUp('sam');
    expect((await t.call('PUT', '/api/domain', { domain }, sam)).status).toBe(200);
  });
});
