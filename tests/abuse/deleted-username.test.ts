import { afterEach, expect, it } from 'vitest';
import { signUpThroughApi } from '../support/abuse/server';
import { callJson, signIn, waitForPage } from '../support/abuse/signed-in';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Finding 6 of issue 11: a deleted account's username was free at once, so its printed NFC cards and QR codes
// opened whatever page a stranger then published under the name.

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.cleanup();
  server = undefined;
});

const PASSWORD = 'Plumber2026';

it('keeps a deleted username from strangers, shows "no longer in use" there, and lets an admin release it', async () => {
  server = await startServerProcess({ env: { ADMIN_EMAILS: 'boss@example.com' } });
  const email = await signUpThroughApi(server, 'dana', PASSWORD);
  const dana = await signIn(server, email, PASSWORD);
  const card = { full_name: 'Dana Former Owner', phone_number: '0117 496 0999' };
  expect((await callJson(server, 'POST', '/api/business-card/create_business_card', card, dana)).status).toBe(
    200,
  );
  expect((await waitForPage(server, '/u/dana', (_, html) => html.includes('Dana Former Owner'))).status).toBe(
    200,
  );

  expect((await callJson(server, 'DELETE', '/api/profile', undefined, dana)).status).toBe(200);
  const retired = await waitForPage(server, '/u/dana', (_, html) => html.includes('no longer in use'));
  expect(retired.html).toContain('This card is no longer in use');
  expect(retired.html).not.toContain('Dana Former Owner');
  expect((await fetch(`${server.url}/u/dana/contact.vcf`)).status).toBe(404);

  const stranger = { name: 'Stranger', email: 'stranger@example.com', username: 'dana', password: PASSWORD };
  const refused = await callJson(server, 'POST', '/api/register', stranger);
  expect(refused.status).toBe(409);
  expect(refused.body).toEqual({ error: 'This username is already taken. Please choose another.' });

  await signUpThroughApi(server, 'boss', PASSWORD);
  const boss = await signIn(server, 'boss@example.com', PASSWORD);
  const release = await callJson(server, 'POST', '/api/admin/usernames/dana/release', {}, boss);
  expect(release.status).toBe(200);
  expect((await waitForPage(server, '/u/dana', (status) => status === 404)).status).toBe(404);
  expect((await callJson(server, 'POST', '/api/register', stranger)).status).toBe(201);
});
