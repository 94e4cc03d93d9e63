import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { median, postJson } from '../support/abuse/server';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Finding 10 of issue 11: reset-password/<random> hashed the new password before looking at the token, unthrottled.

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

async function pageTimes(url: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

it('refuses a flood of made-up reset links cheaply, without hashing the passwords', async () => {
  server = await startServerProcess({ env: { TRUST_PROXY: '1', SEED_DEMO: 'true' } });
  const page = `${server.url}/u/demo`;
  const deadline = Date.now() + 20_000;
  while ((await fetch(page)).status !== 200 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const quiet = median(await pageTimes(page, 30));

  // About 40 requests a second from one client, as in the review, for a few seconds.
  const statuses: number[] = [];
  let flooding = true;
  const flood = (async () => {
    const inFlight: Promise<void>[] = [];
    while (flooding) {
      const token = randomBytes(32).toString('base64url');
      inFlight.push(
        postJson(
          server as ServerProcess,
          `/api/reset-password/${token}`,
          { password: 'Plumber2026!' },
          '203.0.113.90',
        ).then((answer) => {
          statuses.push(answer.status);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await Promise.all(inFlight);
  })();
  const flooded = median(await pageTimes(page, 120));
  flooding = false;
  await flood;

  const refused = statuses.filter((s) => s === 429).length;
  console.log(
    `reset flood: /u/demo median ${quiet.toFixed(1)} ms quiet, ${flooded.toFixed(1)} ms while ${statuses.length} made-up reset links were posted (${refused} answered 429, ${statuses.filter((s) => s === 400).length} answered 400)`,
  );
  expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  // The made-up links are looked up and refused; past the first few the address is refused before any work.
  expect(refused).toBeGreaterThan(statuses.length / 2);
});
