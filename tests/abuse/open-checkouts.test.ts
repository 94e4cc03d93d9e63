import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { signUpThroughApi } from '../support/abuse/server';
import { callJson, signIn } from '../support/abuse/signed-in';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Finding 10 of issue 11 (checkouts): one account opened 1,464 unpaid checkouts in 10 s, each a permanent event.

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

it('lets one account keep only a few checkouts open, however fast it asks', async () => {
  server = await startServerProcess();
  const email = await signUpThroughApi(server, 'dana', 'Plumber2026');
  const dana = await signIn(server, email, 'Plumber2026');
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      i % 2
        ? callJson(
            server as ServerProcess,
            'POST',
            '/api/checkout/create-checkout-session',
            { quantity: 1 },
            dana,
          )
        : callJson(server as ServerProcess, 'POST', '/api/subscribe', {}, dana),
    ),
  );
  const opened = answers.filter((answer) => answer.status === 200).length;
  const refused = answers.filter((answer) => answer.status === 429);
  console.log(
    `open checkouts: ${opened} of 40 opened in ${Date.now() - started} ms, ${refused.length} refused 429`,
  );
  expect(opened).toBe(5);
  expect(refused).toHaveLength(35);
  for (const answer of refused) {
    expect(answer.body.error).toMatch(/^You already have 5 checkouts open that haven’t been paid\./);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  const db = new SQLite(path.join(server.dataDir, 'app.db'), { readonly: true });
  try {
    const { count } = db
      .prepare(
        "SELECT count(*) AS count FROM events WHERE type IN ('CardOrderCheckoutStarted', 'SubscriptionCheckoutStarted')",
      )
      .get() as { count: number };
    expect(count).toBe(5);
  } finally {
    db.close();
  }
});
