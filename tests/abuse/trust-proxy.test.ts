import { afterEach, expect, it } from 'vitest';
import { postJson } from '../support/abuse/server';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Finding 9 of issue 11: behind a proxy, the leftmost X-Forwarded-For is whatever the client wrote.

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

it('keeps one client in one rate-limit bucket however it forges the leftmost X-Forwarded-For', async () => {
  // One proxy in front: it appends the address it saw, so only the rightmost entry is the proxy's word.
  server = await startServerProcess({ env: { TRUST_PROXY: '1' } });
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await postJson(
      server,
      '/api/contact',
      { name: 'Sam', email: 'sam@example.com', reason: 'Setup help', message: `Hello ${i}`, agree: true },
      `10.9.${i}.1, 203.0.113.5`,
    );
    statuses.push(answer.status);
    if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  }
  const accepted = statuses.filter((s) => s === 200).length;
  console.log(
    `trust proxy: ${accepted} of 20 contact messages with forged leftmost X-Forwarded-For accepted`,
  );
  expect(accepted).toBeLessThanOrEqual(6);
  expect(statuses.slice(6).every((s) => s === 429)).toBe(true);
});
