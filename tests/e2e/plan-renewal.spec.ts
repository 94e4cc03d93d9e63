import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { logIn, signUp, storeSession, switchSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { mailsSoFar, mailTo, theOneButton } from './mail';
import { openEditorWithOrders, planBanner } from './plan-banner';
import { moveClock } from './test-clock';
import { startPlanAtHostedCheckout } from './webhooks';

/**
 * Issue 14: a plan whose card is declined at the end of its free trial, mended by the person from the mail and the
 * editor's banner, then renewed on the new card a month on. The server's clock is moved the supported way
 * (POST /api/test-clock), so this runs with the journeys that move it (playwright.config.ts, TIME_TRAVEL).
 */
const USERNAME = 'cardswap';
const EMAIL = `${USERNAME}@example.com`;
const RECEIPT = 'Your TradeCard receipt – £4.95';

const toast = (page: Page, text: string) => page.locator('#toasts').getByText(text);
const planOnOrders = async (page: Page) => {
  await page.goto('/myorders');
  return page.getByRole('article', { name: 'Profile Plan' });
};

/**
 * Issue 28: the row's Download saves a PDF named by the invoice's number, served as one, that poppler renders and
 * reads (Debian's poppler-utils).
 */
async function expectInvoicePdf(page: Page, row: Locator) {
  const number = (await row.getByRole('cell').nth(1).innerText()).trim();
  const link = row.getByRole('link', { name: `Download invoice ${number} (PDF)` });
  const response = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(response.headers()['content-type']).toBe('application/pdf');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  execFileSync('pdftoppm', ['-png', '-r', '40', file, test.info().outputPath('invoice')]);
  expect(fs.readdirSync(test.info().outputPath()).some((name) => /^invoice-\d+\.png$/.test(name))).toBe(true);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/ {2,}/g, ' ');
  for (const words of [`Invoice ${number}`, 'Status: Paid', 'VAT: not registered', 'Amount paid £4.95'])
    expect(text).toContain(words);
}

test.use({ viewport: { width: 390, height: 844 } });

test('payment failed → the mail and the banner → replace the card → the renewals are paid', async ({
  page,
  request,
  baseURL,
}) => {
  await storeSession(page, await signUp(request, USERNAME));
  await startPlanAtHostedCheckout(page, EMAIL, '0341');

  // The free trial runs out: the simulator charges the declining card and tells the server by signed webhook.
  await moveClock(page, request, { days: 14, seconds: 60 });
  const failed = await mailTo(EMAIL, 'Your TradeCard payment didn’t go through');
  expect(failed.text).toMatch(
    /We couldn’t take your £4\.95 payment for your TradeCard plan on \d{1,2} \w+ \d{4}\./,
  );
  expect(failed.text).toMatch(
    /We will try your card again on \d{1,2} \w+ \d{4}\. Your page stays live meanwhile/,
  );
  const updateCard = theOneButton(failed, 'Update your card');
  expect(updateCard).toBe(`${baseURL}/billing`);

  // A fortnight on, the week-long session has lapsed: the person signs in again.
  await switchSession(page, await logIn(request, EMAIL));
  await expect(await planOnOrders(page)).toContainText('Payment overdue');
  await page.goto('/myprofile');
  const banner = planBanner(page, 'Your last payment didn’t go through');
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Update your card' }).click();
  // The banner and the mail lead to the same place.
  await page.waitForURL(updateCard);
  await expect(page.getByText(/Visa ending in 0341/)).toBeVisible();
  // Issue 28: the renewal the declined card left open reads what is owed, not £0.00.
  const renewal = page
    .getByRole('row')
    .filter({ hasText: /TC-\d{4}/ })
    .first();
  await expect(renewal).toContainText('£4.95 · due');

  const beforeNewCard = await mailsSoFar();
  await page.getByRole('button', { name: '+ Add Payment Method' }).click();
  await page.waitForURL(/\/checkout\/test\/checkout\/cs_test_/);
  await expect(page.getByText('Save a card for later payments')).toBeVisible();
  await page.getByLabel(/4242/).check();
  await page.getByRole('button', { name: 'Save card' }).click();

  await page.waitForURL('**/billing?setup_session_id=*');
  await expect(
    toast(page, 'Your new card is saved, and the payment that was due has gone through.'),
  ).toBeVisible();
  await expect(page.getByText(/Visa ending in 4242/)).toBeVisible();
  await expect(page).not.toHaveURL(/setup_session_id/);
  await expect(renewal).toContainText('£4.95 · paid');
  await expectNoAxeViolations(page);
  await expectInvoicePdf(page, renewal);

  // The payment that was due is the renewal: its receipt comes, and the page is out of danger.
  const paid = await mailTo(EMAIL, RECEIPT, { after: beforeNewCard });
  expect(paid.text).toMatch(/^Invoice: TC-\d{4}$/m);
  const nextCharge = paid.text.match(/^Next charge on: (\d{1,2} \w+ \d{4})$/m)?.[1];
  expect(nextCharge).toBeDefined();
  expect(theOneButton(paid, 'View billing and receipts')).toBe(`${baseURL}/billing`);
  await expect(await planOnOrders(page)).toContainText('Subscription active');
  await openEditorWithOrders(page);
  await expect(banner).toHaveCount(0);

  // A month on, the next renewal is charged to the new card without a word from the person.
  const beforeRenewal = await mailsSoFar();
  await moveClock(page, request, { days: 31 });
  const renewed = await mailTo(EMAIL, RECEIPT, { after: beforeRenewal });
  expect(renewed.text).toContain(`Date: ${nextCharge}`);
  await switchSession(page, await logIn(request, EMAIL));
  await expect(await planOnOrders(page)).toContainText('Subscription active');
});
