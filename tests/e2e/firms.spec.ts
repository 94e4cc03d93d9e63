import { devices, expect, test } from '@playwright/test';
import { bearer, livePage, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { mailTo } from './mail';

/**
 * Issue 32, so far: an admin starts a firm on /firm and invites someone by email; they open the invitation signed
 * out, log in on the way, come back to it and join; the firm's own page lists its members whose pages are live; the
 * admin locks the firm's button colours, both pages show them, and the member's editor shows them as the firm's.
 */
test('a firm started and its invitation sent from /firm → opened signed out → log in on the way → join → the firm’s page lists its team → the admin locks the colours', async ({
  browser,
  page,
  request,
}) => {
  const admin = await livePage(request, 'firmadmin', 'Pipe and Sons');
  // The invitee has an account of their own already, with a live page.
  await livePage(request, 'firmjoiner', 'Jo Joiner');

  await storeSession(page, admin);
  await page.goto('/firm');
  await page.getByLabel('Your firm’s name').fill('Pipe & Sons');
  await page.getByRole('button', { name: 'Start a firm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pipe & Sons' })).toBeVisible();
  await page.getByLabel('Their email address').fill('firmjoiner@example.com');
  await page.getByLabel('Their name (optional)').fill('Jo');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('firmjoiner@example.com: waiting, until')).toBeVisible();
  await expectNoAxeViolations(page);
  const firm = (await (await request.get('/api/firms/mine', { headers: bearer(admin) })).json()).data as {
    slug: string;
  };
  const mail = await mailTo('firmjoiner@example.com', /invited you to join Pipe & Sons/);
  const link = /https?:\/\/\S+\/join\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No invitation link in:\n${mail.text}`);

  // The invitee, on a browser of their own.
  const joiner = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await joiner.goto(new URL(link).pathname);
  await expect(joiner.getByRole('heading', { level: 1, name: 'Join Pipe & Sons' })).toBeVisible();
  await expect(joiner.getByText('has invited firmjoiner@example.com to join Pipe & Sons')).toBeVisible();
  await expectNoAxeViolations(joiner);

  await joiner.getByRole('link', { name: 'Log in to join' }).click();
  await joiner.getByLabel('Email').fill('firmjoiner@example.com');
  await joiner.getByLabel('Password', { exact: true }).fill('Plumber2026');
  await joiner.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(joiner).toHaveURL(new URL(link).pathname);
  await joiner.getByRole('button', { name: 'Join Pipe & Sons' }).click();
  await expect(joiner).toHaveURL(/\/myprofile$/);
  await expect(joiner.getByText('You’ve joined Pipe & Sons.')).toBeVisible();

  // The link is used up: opened again, it says so and offers nothing to press.
  await joiner.goto(new URL(link).pathname);
  await expect(joiner.getByRole('alert')).toHaveText('This invitation has already been used.');
  await expect(joiner.getByRole('button', { name: 'Join Pipe & Sons' })).toHaveCount(0);

  // The firm's joiner, static and with no script, lists the admin first and then the new member.
  await expect
    .poll(async () => (await (await request.get(`/f/${firm.slug}`)).text()).includes('/u/firmjoiner'))
    .toBe(true);
  await joiner.goto(`/f/${firm.slug}`);
  const team = joiner.getByRole('list').getByRole('link');
  await expect(team).toHaveText([/Pipe and Sons/, /Jo Joiner/]);
  await expectNoAxeViolations(joiner);
  await team.nth(1).click();
  await expect(joiner).toHaveURL(/\/u\/firmjoiner$/);

  // The admin locks the button colours: both pages change, and the member's editor shows them as the firm's.
  await page.reload();
  await page.getByLabel('Button colour', { exact: true }).fill('#0a5c36');
  await page.getByLabel('Button colours').check();
  await page.getByRole('button', { name: 'Save the brand' }).click();
  await expect(page.getByText('The brand is saved')).toBeVisible();
  for (const username of ['firmadmin', 'firmjoiner'])
    await expect
      .poll(async () => (await (await request.get(`/u/${username}`)).text()).includes('#0A5C36'))
      .toBe(true);
  await joiner.goto('/myprofile');
  const colour = joiner.getByRole('button', { name: /^Button colour/ });
  await expect(colour).toBeDisabled();
  await expect(colour).toContainText('#0A5C36');
  await expect(joiner.getByText('Set by Pipe & Sons: only its admin can change it.')).toBeVisible();
  // The font is still the member's own to choose.
  await expect(joiner.getByRole('radio', { name: 'Poppins' })).toBeEnabled();
  await joiner.context().close();

  // The admin sees the team: both pages live, each member's row and the firm's; the firm's data downloads.
  await page.goto('/firm');
  const figures = page.getByRole('region', { name: 'The team’s figures' });
  await expect(figures.getByRole('row')).toHaveCount(4);
  await expect(figures.getByRole('row').nth(2)).toContainText('Live');
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the firm’s data' }).click();
  expect((await download).suggestedFilename()).toBe(`${firm.slug}-firm.json`);
});

test('an invitation link that is not one of ours says so', async ({ page }) => {
  await page.goto('/join/00000000-0000-0000-0000-000000000000.nope');
  await expect(page.getByRole('alert')).toHaveText(
    'This invitation link isn’t one we know. Please check it was copied whole.',
  );
});
