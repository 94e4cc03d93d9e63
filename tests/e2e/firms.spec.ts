import { expect, test } from '@playwright/test';
import { bearer, livePage } from './accounts';
import { expectNoAxeViolations } from './axe';
import { mailTo } from './mail';

/**
 * Issue 32, so far: an admin's firm invites someone by email; they open the invitation signed out, log in on the
 * way, come back to it and join; the firm's own page lists its members whose pages are live.
 */
test('invited by mail → the invitation signed out → log in on the way → join → the firm’s page lists its team', async ({
  page,
  request,
}) => {
  const admin = await livePage(request, 'firmadmin', 'Pipe and Sons');
  const created = await request.post('/api/firms', { headers: bearer(admin), data: { name: 'Pipe & Sons' } });
  expect(created.status()).toBe(201);
  const firm = (await created.json()).data as { id: string; slug: string };
  // The invitee has an account of their own already, with a live page.
  await livePage(request, 'firmjoiner', 'Jo Joiner');
  const invited = await request.post(`/api/firms/${firm.id}/invites`, {
    headers: bearer(admin),
    data: { email: 'firmjoiner@example.com', name: 'Jo' },
  });
  expect(invited.status()).toBe(201);
  const mail = await mailTo('firmjoiner@example.com', /invited you to join Pipe & Sons/);
  const link = /https?:\/\/\S+\/join\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No invitation link in:\n${mail.text}`);

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Pipe & Sons' })).toBeVisible();
  await expect(page.getByText('has invited firmjoiner@example.com to join Pipe & Sons')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Log in to join' }).click();
  await page.getByLabel('Email').fill('firmjoiner@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Plumber2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(new URL(link).pathname);
  await page.getByRole('button', { name: 'Join Pipe & Sons' }).click();
  await expect(page).toHaveURL(/\/myprofile$/);
  await expect(page.getByText('You’ve joined Pipe & Sons.')).toBeVisible();

  // The link is used up: opened again, it says so and offers nothing to press.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('alert')).toHaveText('This invitation has already been used.');
  await expect(page.getByRole('button', { name: 'Join Pipe & Sons' })).toHaveCount(0);

  // The firm's page, static and with no script, lists the admin first and then the new member.
  await expect
    .poll(async () => (await (await request.get(`/f/${firm.slug}`)).text()).includes('/u/firmjoiner'))
    .toBe(true);
  await page.goto(`/f/${firm.slug}`);
  const team = page.getByRole('list').getByRole('link');
  await expect(team).toHaveText([/Pipe and Sons/, /Jo Joiner/]);
  await expectNoAxeViolations(page);
  await team.nth(1).click();
  await expect(page).toHaveURL(/\/u\/firmjoiner$/);
});

test('an invitation link that is not one of ours says so', async ({ page }) => {
  await page.goto('/join/00000000-0000-0000-0000-000000000000.nope');
  await expect(page.getByRole('alert')).toHaveText(
    'This invitation link isn’t one we know. Please check it was copied whole.',
  );
});
