import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { bearer, signUp } from './accounts';
import { e2eDataDir } from './env';

// Issue 11, finding 11: long unbroken strings broke layouts. A 200-character shipping name made the admin list
// 6,320 px wide; a 34-character price overflowed the public page on a phone. Every screen that shows what a
// person typed must wrap it instead.

const word = (letter: string, length: number) => letter.repeat(length);
const LONG = {
  full_name: word('N', 80),
  job_title: word('J', 80),
  main_heading: word('H', 100),
  sub_heading: word('S', 160),
  business_card_name: word('B', 80),
  bio: word('b', 1500),
  contact_email: `${word('e', 60)}@${word('d', 60)}.example.com`,
  // The longest the API takes (40) with nowhere to break, and still a number that can be dialled.
  phone_number: '+44(0)(117)-(496)-(0456)-extension-12345',
  services: JSON.stringify([
    { name: word('s', 80), price: `£${'9'.repeat(33)}` },
    { name: 'Boiler service', price: word('P', 40) },
  ]),
  reviews: JSON.stringify([{ name: word('R', 80), text: word('t', 600), rating: 5 }]),
};

/** How far the page is wider than the window, and the deepest elements that stick out, to say what to fix. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .filter(
        (element) => ![...element.children].some((child) => child.getBoundingClientRect().right > width + 1),
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { excess: document.documentElement.scrollWidth - width, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page) {
  // Fonts and islands settle after load; measure what the person would see.
  await page.waitForLoadState('networkidle');
  expect(await overflow(page)).toEqual({ excess: expect.any(Number), culprits: [] });
  expect((await overflow(page)).excess).toBeLessThanOrEqual(0);
}

test('long unbroken strings wrap on the public page, the editor, the orders and the admin list', async ({
  page,
  request,
}) => {
  const token = await signUp(request, 'longstrings');
  const published = await request.post('/api/business-card/create_business_card', {
    headers: bearer(token),
    data: LONG,
  });
  expect(published.status()).toBe(200);

  // A card order shipped to a 200-character name and address line, as the review typed them.
  const { url } = await (
    await request.post('/api/checkout/create-checkout-session', {
      headers: bearer(token),
      data: { quantity: 1 },
    })
  ).json();
  await page.goto(url);
  await page.getByLabel('Full name').fill(word('Z', 200));
  await page.getByLabel('Address line 1').fill(word('A', 200));
  await page.getByLabel('Town or city').fill(word('C', 200));
  await page.getByLabel('Postcode').fill('ls1 4ap');
  await page.getByRole('button', { name: 'Pay £24.95' }).click();
  await page.waitForURL(/\/success\?id=/);
  await promisify(execFile)(process.execPath, ['scripts/run.ts', 'grant-admin', 'longstrings@example.com'], {
    env: { ...process.env, DATA_DIR: e2eDataDir(), NODE_ENV: 'production' },
  });

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/u/longstrings');
  // The About heading: the name is also in each typed review's "added by" (issue 30).
  await expect(page.getByRole('heading', { name: LONG.full_name })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto('/login');
  await page.getByLabel('Email').fill('longstrings@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Plumber2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((address) => address.pathname !== '/login');

  await page.goto('/myprofile');
  await expect(page.getByLabel('Full name')).toHaveValue(LONG.full_name);
  await expectNoSidewaysScroll(page);

  await page.goto('/myorders');
  await expect(page.getByRole('article', { name: 'NFC card' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: word('Z', 200) })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByRole('heading', { name: word('Z', 200) })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
