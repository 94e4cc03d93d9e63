import { execFileSync } from 'node:child_process';
import { devices, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { bearer, livePage, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { mailTo } from './mail';

/**
 * Issue 32: an admin starts a firm on /firm and invites someone by email; they open the invitation signed out, log
 * in on the way, come back to it and join; the firm's own page lists its members whose pages are live; the admin
 * locks the firm's button colours, both pages show them, and the member's editor shows them as the firm's; the
 * admin's logo heads the firm's page, and the member's page names the firm with it.
 */
test('a firm started and its invitation sent from /firm → opened signed out → log in on the way → join → the firm’s page lists its team → the admin locks the colours and sets the logo', async ({
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

  // The admin's logo heads the firm's page, and the member's page names the firm with it.
  const logo = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#0a5c36' } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel('Choose a logo')
    .setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: logo });
  await page.getByRole('button', { name: 'Save the logo' }).click();
  await expect(page.getByText('The logo is saved')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pipe & Sons logo' })).toBeVisible();
  await expect
    .poll(async () => (await (await request.get('/u/firmjoiner')).text()).includes('Part of Pipe &amp; Sons'))
    .toBe(true);
  await expect
    .poll(async () => (await (await request.get(`/f/${firm.slug}`)).text()).includes('Pipe &amp; Sons logo'))
    .toBe(true);
  // The joiner's browser holds both pages from earlier for their minute (PAGE_CACHE): a reload asks again.
  await joiner.goto(`/f/${firm.slug}`);
  await joiner.reload();
  await expect(joiner.getByRole('img', { name: 'Pipe & Sons logo' })).toBeVisible();
  await joiner.goto('/u/firmjoiner');
  await joiner.reload();
  await joiner.getByRole('link', { name: 'Part of Pipe & Sons' }).click();
  await expect(joiner).toHaveURL(new RegExp(`/f/${firm.slug}$`));
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

/**
 * Issue 32, the one bill: a firm of three takes out one plan with a place for each (3 × £4.95 on one invoice); the
 * admin buys a card for Amy; Amy leaves, her page stays live on a trial of her own, and the admin gives the firm's
 * card to Ben.
 */
test('one bill: a firm of three pays one plan of quantity 3 on one invoice → /f/<slug> lists all three → a card bought for Amy → Amy leaves and gets a trial of her own → her card, the firm’s, opens Ben’s page once moved', async ({
  browser,
  page,
  request,
}) => {
  const admin = await livePage(request, 'billadmin', 'Bill Admin Plumbing');
  const members = {
    billamy: await livePage(request, 'billamy', 'Amy Fitter'),
    billben: await livePage(request, 'billben', 'Ben Sparks'),
  };
  // The firm and its joins through the API: the journey above does them in the browser.
  const created = await request.post('/api/firms', { headers: bearer(admin), data: { name: 'Bill & Co' } });
  const firmId = (await created.json()).data.id as string;
  for (const [username, token] of Object.entries(members)) {
    const email = `${username}@example.com`;
    await request.post(`/api/firms/${firmId}/invites`, { headers: bearer(admin), data: { email } });
    const invitation = /\/join\/(\S+)/.exec((await mailTo(email, /invited you to join Bill & Co/)).text)?.[1];
    const joined = await request.post(`/api/firms/join/${invitation}`, { headers: bearer(token), data: {} });
    expect(joined.status()).toBe(200);
  }

  await storeSession(page, admin);
  await page.goto('/firm');
  const bill = page.getByRole('region', { name: 'One bill for the team' });
  await expect(bill).toContainText('£14.85 a month for 3 members');
  await expectNoAxeViolations(page);
  await bill.getByRole('button', { name: 'Pay for the firm' }).click();
  await expect(page.getByText('Test mode — no real payment is taken')).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe – £14.85 a month' }).click();
  await page.waitForURL(/\/firm(\?|$)/);
  await expect(bill).toContainText('3 members × £4.95 = £14.85 a month');
  await expect(bill).toContainText('Paid: every member’s page is live on it');

  // One invoice, and its document shows the three places.
  const billing = await (await request.get('/api/billing', { headers: bearer(admin) })).json();
  expect(billing.invoices).toHaveLength(1);
  expect(billing.invoices[0]).toMatchObject({ status: 'paid', amount: 1485 });
  const pdf = await request.get(billing.invoices[0].pdf, { headers: bearer(admin) });
  const words = execFileSync('pdftotext', ['-layout', '-', '-'], { input: await pdf.body() })
    .toString()
    .replace(/ {2,}/g, ' ');
  expect(words).toContain('TradeCard Profile plan 3 £4.95 £14.85');
  for (const token of Object.values(members)) {
    const profile = await (await request.get('/api/profile', { headers: bearer(token) })).json();
    expect(profile.data.isSubscribed).toBe(true);
  }

  // The firm's page lists all three, each linking to their page.
  const slug = (await (await request.get('/api/firms/mine', { headers: bearer(admin) })).json()).data.slug;
  await expect
    .poll(async () => {
      const firmPage = await (await request.get(`/f/${slug}`)).text();
      return ['/u/billadmin', '/u/billamy', '/u/billben'].every((address) => firmPage.includes(address));
    })
    .toBe(true);

  // A card for Amy, bought by the admin.
  await bill.getByLabel('For').selectOption({ label: 'Dana Pipe (@billamy)' });
  await bill.getByRole('button', { name: 'Buy cards' }).click();
  await page.getByLabel('Full name').fill('Amy Fitter');
  await page.getByLabel('Address line 1').fill('3 Pipe Lane');
  await page.getByLabel('Town or city').fill('Leeds');
  await page.getByLabel('Postcode').fill('ls2 7ab');
  await page.getByRole('button', { name: 'Pay £24.95' }).click();
  await page.waitForURL(/\/success\?id=/);
  const cardsAnswer = async () =>
    (await (await request.get(`/api/firms/${firmId}/cards`, { headers: bearer(admin) })).json()).data as {
      code: string;
      holder: { username: string };
    }[];
  await expect
    .poll(async () => (await cardsAnswer()).map((card) => card.holder.username))
    .toEqual(['billamy']);
  const [card] = await cardsAnswer();
  const code = card?.code as string;
  expect(await (await request.get(`/c/${code}`)).text()).toContain('Amy Fitter');

  // Amy leaves: the admin gives her card to Ben, and it opens his page from the next tap.
  const amy = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await storeSession(amy, members.billamy);
  await amy.goto('/firm');
  await expect(amy.getByRole('region', { name: 'Your plan' })).toContainText(
    'Bill & Co’s plan pays for your page',
  );
  await amy.getByRole('button', { name: 'Leave the firm' }).click();
  await expect(amy.getByRole('dialog')).toContainText('14-day free trial of your own');
  await amy.getByRole('dialog').getByRole('button', { name: 'Leave' }).click();
  await expect(amy.getByText('You’ve left the firm.')).toBeVisible();
  const left = await mailTo(
    'billamy@example.com',
    /^Your page stays live until .+: you are no longer in Bill & Co$/,
  );
  expect(left.text).toContain('You left Bill & Co.');
  const amysProfile = (await (await request.get('/api/profile', { headers: bearer(members.billamy) })).json())
    .data;
  expect(amysProfile).toMatchObject({ isSubscribed: false });
  expect(Date.parse(amysProfile.trialExpires) - Date.now()).toBeGreaterThan(13 * 24 * 60 * 60 * 1000);
  expect((await request.get('/u/billamy')).status()).toBe(200);
  await amy.context().close();

  await page.goto('/firm');
  await expect(bill).toContainText('2 members × £4.95 = £9.90 a month');
  await page.getByLabel(`Card ${code} opens the page of`).selectOption({ label: 'Dana Pipe (@billben)' });
  await expect(page.getByText(`Card ${code} now opens`)).toBeVisible();
  expect(await (await request.get(`/c/${code}`)).text()).toContain('Ben Sparks');
});

test('an invitation link that is not one of ours says so', async ({ page }) => {
  await page.goto('/join/00000000-0000-0000-0000-000000000000.nope');
  await expect(page.getByRole('alert')).toHaveText(
    'This invitation link isn’t one we know. Please check it was copied whole.',
  );
});
