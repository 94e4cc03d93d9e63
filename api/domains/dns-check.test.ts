import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../../tests/support/dns/test-dns-server';
import { checkDomainDns, type DnsTarget, dnsRecords, isApex } from './dns-check';

const target: DnsTarget = { host: 'cards.tradecard.test', addresses: ['203.0.113.10', '2001:db8::10'] };
const TOKEN = 'k3y-Of-the-owner';
const PROOF = { TXT: [`tradecard-verify=${TOKEN}`] };

let dns: TestDnsServer;

beforeEach(async () => {
  dns = await startTestDnsServer();
});

afterEach(() => dns.close());

const check = (domain: string, options: { timeoutMs?: number; target?: DnsTarget } = {}) =>
  checkDomainDns(domain, TOKEN, {
    target: options.target ?? target,
    resolver: [dns.address],
    timeoutMs: options.timeoutMs ?? 2000,
  });

describe('checkDomainDns', () => {
  it('is ok for a subdomain with the TXT record and a CNAME to our host, in any case and with the root’s dot', async () => {
    dns.set('_tradecard.card.taylor.co.uk', PROOF);
    dns.set('card.taylor.co.uk', { CNAME: 'Cards.TradeCard.test.' });
    expect(await check('card.taylor.co.uk')).toEqual({ outcome: 'ok' });
    expect(
      await check('card.taylor.co.uk', { target: { ...target, host: 'cards.tradecard.test.' } }),
    ).toEqual({
      outcome: 'ok',
    });
  });

  it('is ok for an apex whose A and AAAA records are all ours, however an address is spelled', async () => {
    dns.set('_tradecard.taylor.co.uk', PROOF);
    dns.set('taylor.co.uk', { A: ['203.0.113.10'], AAAA: ['2001:db8::10'] });
    expect(await check('taylor.co.uk')).toEqual({ outcome: 'ok' });
    expect(
      await check('taylor.co.uk', {
        target: { ...target, addresses: ['203.0.113.10', '2001:0DB8:0:0::0010'] },
      }),
    ).toEqual({ outcome: 'ok' });
  });

  it('reads a TXT record split into 255-byte strings as the one value it is', async () => {
    const longToken = 't'.repeat(300);
    dns.set('_tradecard.taylor.co.uk', { TXT: ['unrelated', `tradecard-verify=${longToken}`] });
    dns.set('taylor.co.uk', { A: ['203.0.113.10'] });
    const result = await checkDomainDns('taylor.co.uk', longToken, {
      target,
      resolver: [dns.address],
      timeoutMs: 2000,
    });
    expect(result).toEqual({ outcome: 'ok' });
  });

  it('is wrong without the TXT record, saying which record it looks for', async () => {
    dns.set('card.taylor.co.uk', { CNAME: 'cards.tradecard.test' });
    expect(await check('card.taylor.co.uk')).toEqual({
      outcome: 'wrong',
      problem:
        'We can’t see the TXT record _tradecard.card.taylor.co.uk with your code yet. DNS changes can take up to an hour to show.',
    });
    dns.set('_tradecard.card.taylor.co.uk', {});
    expect(await check('card.taylor.co.uk')).toEqual({
      outcome: 'wrong',
      problem:
        'We can’t see the TXT record _tradecard.card.taylor.co.uk with your code yet. DNS changes can take up to an hour to show.',
    });
  });

  it('is wrong with another code in the TXT record, giving the value it should have', async () => {
    dns.set('_tradecard.card.taylor.co.uk', { TXT: ['tradecard-verify=an-old-code'] });
    dns.set('card.taylor.co.uk', { CNAME: 'cards.tradecard.test' });
    expect(await check('card.taylor.co.uk')).toEqual({
      outcome: 'wrong',
      problem: `The TXT record _tradecard.card.taylor.co.uk has a different code: change its value to tradecard-verify=${TOKEN}.`,
    });
  });

  it('is wrong when the domain points nowhere, saying which records to add', async () => {
    dns.set('_tradecard.taylor.co.uk', PROOF);
    expect(await check('taylor.co.uk')).toEqual({
      outcome: 'wrong',
      problem:
        'taylor.co.uk doesn’t point anywhere yet: add an A record pointing to 203.0.113.10 and an AAAA record pointing to 2001:db8::10. DNS changes can take up to an hour to show.',
    });
    dns.set('_tradecard.card.taylor.co.uk', PROOF);
    dns.set('card.taylor.co.uk', { TXT: ['something else'] });
    expect(await check('card.taylor.co.uk')).toEqual({
      outcome: 'wrong',
      problem:
        'card.taylor.co.uk doesn’t point anywhere yet: add a CNAME record pointing to cards.tradecard.test. DNS changes can take up to an hour to show.',
    });
  });

  it('is wrong when an address isn’t ours, naming it', async () => {
    dns.set('_tradecard.taylor.co.uk', PROOF);
    dns.set('taylor.co.uk', { A: ['203.0.113.10', '198.51.100.7'] });
    expect(await check('taylor.co.uk')).toEqual({
      outcome: 'wrong',
      problem:
        'taylor.co.uk points to 198.51.100.7, which isn’t ours: it should have only an A record pointing to 203.0.113.10 and an AAAA record pointing to 2001:db8::10. DNS changes can take up to an hour to show.',
    });
  });

  it('is wrong when a subdomain’s CNAME leads to addresses that aren’t ours, naming them', async () => {
    dns.set('_tradecard.card.taylor.co.uk', PROOF);
    dns.set('card.taylor.co.uk', { CNAME: 'old-host.example' });
    dns.set('old-host.example', { A: ['198.51.100.7'], AAAA: ['2001:db8::bad'] });
    expect(await check('card.taylor.co.uk')).toEqual({
      outcome: 'wrong',
      problem:
        'card.taylor.co.uk points to 198.51.100.7 and 2001:db8::bad, which aren’t ours: it should have only a CNAME record pointing to cards.tradecard.test. DNS changes can take up to an hour to show.',
    });
  });

  it('is unknown, within a few timeouts, when DNS doesn’t answer', async () => {
    dns.set('_tradecard.taylor.co.uk', PROOF);
    dns.silent(true);
    const started = performance.now();
    expect(await check('taylor.co.uk', { timeoutMs: 200 })).toEqual({
      outcome: 'unknown',
      problem: 'We couldn’t reach DNS to check taylor.co.uk; we’ll try again shortly.',
    });
    // Two tries of 200 ms, bounded by the check's own deadline of five: far below c-ares's own default of 4 × 5 s.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('is unknown when DNS answers SERVFAIL', async () => {
    dns.set('_tradecard.taylor.co.uk', PROOF);
    dns.set('taylor.co.uk', { A: ['198.51.100.7'] });
    dns.refuse(true);
    expect(await check('taylor.co.uk')).toEqual({
      outcome: 'unknown',
      problem: 'We couldn’t reach DNS to check taylor.co.uk; we’ll try again shortly.',
    });
  });

  it('is unknown, never an exception, when no DNS server is listening or the resolver setting is unusable', async () => {
    await dns.close();
    expect(await check('taylor.co.uk', { timeoutMs: 200 })).toMatchObject({ outcome: 'unknown' });
    const badSetting = await checkDomainDns('taylor.co.uk', TOKEN, {
      target,
      resolver: ['not an address'],
      timeoutMs: 200,
    });
    expect(badSetting).toMatchObject({ outcome: 'unknown' });
  });
});

describe('dnsRecords', () => {
  it('shows an apex the TXT record and an A or AAAA record per address of ours', () => {
    expect(dnsRecords('taylor.co.uk', TOKEN, target)).toEqual([
      { type: 'TXT', name: '_tradecard.taylor.co.uk', value: `tradecard-verify=${TOKEN}` },
      { type: 'A', name: 'taylor.co.uk', value: '203.0.113.10' },
      { type: 'AAAA', name: 'taylor.co.uk', value: '2001:db8::10' },
    ]);
  });

  it('shows a subdomain the TXT record and a CNAME to our host', () => {
    expect(dnsRecords('card.taylor.co.uk', TOKEN, target)).toEqual([
      { type: 'TXT', name: '_tradecard.card.taylor.co.uk', value: `tradecard-verify=${TOKEN}` },
      { type: 'CNAME', name: 'card.taylor.co.uk', value: 'cards.tradecard.test' },
    ]);
  });
});

describe('isApex', () => {
  it.each([
    ['taylor.com', true],
    ['taylor.co.uk', true],
    ['Taylor.Co.UK.', true],
    ['bakery.org.uk', true],
    ['plumbers.com.au', true],
    ['card.taylor.co.uk', false],
    ['www.taylor.com', false],
    ['card.taylor.uk', false],
    ['a.b.c.d', false],
    ['localhost', false],
  ])('%s is an apex: %s', (domain, apex) => {
    expect(isApex(domain)).toBe(apex);
  });
});
