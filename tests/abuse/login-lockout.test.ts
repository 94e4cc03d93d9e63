import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { listOutboxFiles, readOutboxMessage } from '../../api/mail/outbox-reader';
import { postJson, signUpThroughApi } from '../support/abuse/server';
import { sentTo } from '../support/api/mail/outbox';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Finding 2 of issue 11: a stranger guessing at an account must not keep its owner out.

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

// Two addresses of the attacker's, so that within seconds they fail often enough for the owner to be told.
const ATTACKERS = ['203.0.113.66', '203.0.113.67'];
const OWNER = '198.51.100.20';

it('lets the owner in from their own address every time while a stranger guesses from another', async () => {
  server = await startServerProcess({ env: { TRUST_PROXY: '1' } });
  const email = await signUpThroughApi(server, 'dana', 'Plumber2026', OWNER);

  let ownerTries = 0;
  let ownerIn = 0;
  const attackerStatuses: number[] = [];
  for (let round = 0; round < 8; round++) {
    for (let guess = 0; guess < 12; guess++) {
      const attacker = ATTACKERS[guess % 2];
      const answer = await postJson(
        server,
        '/api/login',
        { email, password: `Guess${round}x${guess}` },
        attacker,
      );
      attackerStatuses.push(answer.status);
    }
    ownerTries += 1;
    const owner = await postJson(server, '/api/login', { email, password: 'Plumber2026' }, OWNER);
    if (owner.status === 200) ownerIn += 1;
  }
  console.log(
    `login lockout: owner signed in ${ownerIn} of ${ownerTries} (${Math.round((100 * ownerIn) / ownerTries)}%); attacker: ${attackerStatuses.filter((s) => s === 401).length} guesses answered 401, ${attackerStatuses.filter((s) => s === 429).length} refused 429`,
  );
  expect(ownerIn).toBe(ownerTries);
  // The attacker is still slowed down: after the free guesses, most are refused before the password is checked.
  expect(attackerStatuses.filter((s) => s === 429).length).toBeGreaterThan(60);

  // The owner hears about it once, not once per guess.
  const outbox = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + 5000;
  let notices = 0;
  while (Date.now() < deadline) {
    const mails = await Promise.all(((await listOutboxFiles(outbox)) ?? []).map((f) => readOutboxMessage(f)));
    notices = mails.filter((m) => sentTo(m, email) && /failed sign-in/i.test(m.subject)).length;
    if (notices > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(notices).toBe(1);
});
