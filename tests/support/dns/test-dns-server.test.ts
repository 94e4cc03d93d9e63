import dgram from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from './test-dns-server';

let dns: TestDnsServer;

beforeEach(async () => {
  dns = await startTestDnsServer({
    'shop.test': { A: ['192.0.2.1', '192.0.2.2'], AAAA: ['2001:db8::1', '::ffff:192.0.2.3'], TXT: ['hello'] },
    'alias.test': { CNAME: 'shop.test' },
    'elsewhere.test': { CNAME: 'outside.example' },
  });
});

afterEach(() => dns.close());

/** Node's resolver, asking only the test server; a small timeout where a test expects none to come. */
function resolver(options: { timeout: number; tries: number } = { timeout: 2000, tries: 2 }) {
  const asking = new Resolver(options);
  asking.setServers([dns.address]);
  return asking;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: NodeJS.ErrnoException) => error.code,
  );

describe('the test DNS server', () => {
  it('answers A, AAAA and TXT from the zone', async () => {
    expect(await resolver().resolve4('shop.test')).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(await resolver().resolve6('SHOP.test')).toEqual(['2001:db8::1', '::ffff:192.0.2.3']);
    expect(await resolver().resolveTxt('shop.test')).toEqual([['hello']]);
  });

  it('splits a TXT record over 255 bytes into character-strings', async () => {
    dns.set('long.test', { TXT: ['x'.repeat(300)] });
    expect(await resolver().resolveTxt('long.test')).toEqual([['x'.repeat(255), 'x'.repeat(45)]]);
  });

  it('answers a CNAME query with the CNAME, and an address query with the target’s addresses when it has them', async () => {
    expect(await resolver().resolveCname('alias.test')).toEqual(['shop.test']);
    expect(await resolver().resolve4('alias.test')).toEqual(['192.0.2.1', '192.0.2.2']);
    // Only the CNAME comes back when its target is outside the zone: node reads that as no addresses.
    expect(await resolver().resolve4('elsewhere.test')).toEqual([]);
  });

  it('answers NXDOMAIN for a name it doesn’t have and NODATA for a type a name lacks', async () => {
    expect(await codeOf(resolver().resolve4('missing.test'))).toBe('ENOTFOUND');
    expect(await codeOf(resolver().resolveCname('shop.test'))).toBe('ENODATA');
    expect(await codeOf(resolver().resolveMx('shop.test'))).toBe('ENODATA');
  });

  it('answers from the zone as set() changes it', async () => {
    dns.set('new.test', { A: ['198.51.100.9'] });
    expect(await resolver().resolve4('new.test')).toEqual(['198.51.100.9']);
    dns.set('new.test', undefined);
    expect(await codeOf(resolver().resolve4('new.test'))).toBe('ENOTFOUND');
  });

  it('stops answering while silent, so queries time out, and answers again after', async () => {
    dns.silent(true);
    expect(await codeOf(resolver({ timeout: 100, tries: 1 }).resolve4('shop.test'))).toBe('ETIMEOUT');
    dns.silent(false);
    expect(await resolver().resolve4('shop.test')).toEqual(['192.0.2.1', '192.0.2.2']);
  });

  it('answers SERVFAIL while refusing', async () => {
    dns.refuse(true);
    expect(await codeOf(resolver().resolve4('shop.test'))).toBe('ESERVFAIL');
  });

  it('answers FORMERR to a question whose name is a compression pointer to itself, and goes on answering', async () => {
    const header = Buffer.from([0x12, 0x34, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
    const loopingName = Buffer.from([0xc0, 12, 0, 1, 0, 1]);
    const answer = await rawExchange(Buffer.concat([header, loopingName]));
    expect(answer.readUInt16BE(0)).toBe(0x1234);
    expect(answer.readUInt16BE(2) & 0x800f).toBe(0x8001);
    expect(await resolver().resolve4('shop.test')).toEqual(['192.0.2.1', '192.0.2.2']);
  });
});

async function rawExchange(query: Buffer): Promise<Buffer> {
  const [host, port] = dns.address.split(':') as [string, string];
  const socket = dgram.createSocket('udp4');
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      socket.once('message', resolve);
      socket.once('error', reject);
      socket.send(query, Number(port), host);
    });
  } finally {
    socket.close();
  }
}
