import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

const addressSeen = async (trustedHops: number, forwardedFor?: string) => {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, trustedHops)));
  const response = await app.request('/', {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return response.text();
};

describe('clientAddress', () => {
  it('reads the address as many entries from the right as there are trusted proxies', async () => {
    expect(await addressSeen(1, 'forged, 203.0.113.5')).toBe('203.0.113.5');
    expect(await addressSeen(2, 'forged, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5');
    expect(await addressSeen(1, ' 203.0.113.5 ')).toBe('203.0.113.5');
  });

  it('takes the leftmost when there are fewer entries than proxies: a trusted proxy wrote it', async () => {
    expect(await addressSeen(2, '203.0.113.5')).toBe('203.0.113.5');
  });

  it('ignores X-Forwarded-For without a trusted proxy, and falls back to the socket without the header', async () => {
    // app.request() has no socket: the fallback answers 'local'.
    expect(await addressSeen(0, '203.0.113.5')).toBe('local');
    expect(await addressSeen(1)).toBe('local');
    expect(await addressSeen(1, ' , ')).toBe('local');
  });
});
