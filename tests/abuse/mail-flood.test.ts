import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { postJson } from '../support/abuse/server';
import { sentTo, waitForMail } from '../support/api/mail/outbox';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Finding 8 of issue 11: registration mailed anyone, as often as asked, greeting them with the attacker's words.

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

it('limits registrations from one address and never puts the chosen name in the code mail', async () => {
  server = await startServerProcess({ env: { TRUST_PROXY: '1' } });
  const statuses: number[] = [];
  const started = Date.now();
  for (let i = 0; i < 60; i++) {
    const answer = await postJson(
      server,
      '/api/register',
      {
        name: 'Your bank account is locked call 0900 000',
        email: `victim${i}@example.com`,
        username: `victim${i}`,
        password: 'Plumber2026',
      },
      '203.0.113.80',
    );
    statuses.push(answer.status);
  }
  const accepted = statuses.filter((s) => s === 201).length;
  console.log(
    `mail flood: ${accepted} of 60 registrations from one address accepted in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(accepted).toBeLessThanOrEqual(11);
  expect(statuses.at(-1)).toBe(429);

  const mail = await waitForMail(path.join(server.dataDir, 'outbox'), (m) =>
    sentTo(m, 'victim0@example.com'),
  );
  expect(mail.text).toMatch(/\b\d{6}\b/);
  expect(mail.text).not.toContain('bank account');
  expect(mail.subject).not.toContain('bank account');
});
