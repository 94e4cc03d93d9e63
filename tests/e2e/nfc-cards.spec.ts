import { expect, type Page, test } from '@playwright/test';
import { grantAdmin, signUp, switchSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { buyCardAtHostedCheckout } from './webhooks';

const CARD_URL = /^http:\/\/127\.0\.0\.1:\d+\/c\/[0-9A-HJKMNP-TV-Z]{8}$/;

/** Who the browser is signed in as; the page reads the stored session on its next load. */
const actAs = (page: Page, token: string) => switchSession(page, token);

test.describe('NFC cards with their own addresses (issue 16)', () => {
  test('three cards bought: the admin sees their codes and prints the sheet; the owner marks one lost and switches it back on', async ({
    page,
    request,
  }) => {
    const customer = await signUp(request, 'nfcowner');
    const admin = await signUp(request, 'nfcadmin');
    await grantAdmin('nfcadmin@example.com');
    await buyCardAtHostedCheckout(
      page,
      request,
      { token: customer, email: 'nfcowner@example.com' },
      { name: 'Nia Flint', line1: '9 Tap Lane', city: 'Hull', postcode: 'hu1 1aa' },
      3,
    );

    // The admin: three addresses to program, and the sheet to print them from.
    await actAs(page, admin);
    await page.goto('/admin');
    await page.getByLabel('Search').fill('nfcowner@example.com');
    await page.getByRole('button', { name: 'Apply' }).click();
    const order = page.getByRole('article', { name: 'Nia Flint' });
    const cards = order.getByRole('region', { name: 'Cards to program' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    const urls = await cards.locator('code').allTextContents();
    for (const url of urls) expect(url).toMatch(CARD_URL);
    const codes = urls.map((url) => url.slice(-8));
    await expectNoAxeViolations(page);

    // The print dialog can't be driven here: the sheet's button is seen to call it, which its CSP must allow.
    await page.context().addInitScript(() => {
      window.print = () => {
        document.body.dataset.printed = 'yes';
      };
    });
    const [sheet] = await Promise.all([
      page.context().waitForEvent('page'),
      order.getByRole('link', { name: 'Print sheet' }).click(),
    ]);
    await expect(sheet.getByRole('heading', { level: 1 })).toHaveText(/^Cards of order /);
    for (const [index, code] of codes.entries()) {
      const card = sheet.getByRole('listitem', { name: `Card ${code}` });
      await expect(card.getByText(urls[index] ?? '', { exact: true })).toBeVisible();
      const qr = card.getByRole('img', { name: `QR code of ${urls[index]}?s=qr` });
      await expect(qr).toBeVisible();
      // Drawn, not a broken image.
      expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await sheet.getByRole('button', { name: 'Print this sheet' }).click();
    await expect(sheet.locator('body')).toHaveAttribute('data-printed', 'yes');
    // On paper, the button is left off.
    await sheet.emulateMedia({ media: 'print' });
    await expect(sheet.getByRole('button', { name: 'Print this sheet' })).toBeHidden();
    await sheet.close();

    // The owner: the same three cards on /nfccards; one lost, then found.
    await actAs(page, customer);
    await page.goto('/nfccards');
    const mine = page.getByRole('region', { name: 'My cards' });
    await expect(mine.getByRole('article')).toHaveCount(3);
    for (const code of codes) await expect(mine.getByRole('article', { name: `Card ${code}` })).toBeVisible();
    const lost = mine.getByRole('article', { name: `Card ${codes[1]}` });
    await expect(lost).toContainText('Not tapped yet');
    await expect(lost).toContainText('0 taps');
    await expect(lost).toContainText('On: opens your page');
    await expectNoAxeViolations(page);

    // A tap: the card's address opens the owner's own page, with no redirect, and is counted as the card's.
    const address = urls[1] ?? '';
    await page.goto('/u/nfcowner');
    const ownPage = await page.locator('h1').textContent();
    const tap = await page.goto(address);
    expect(tap?.status()).toBe(200);
    expect(tap?.request().redirectedFrom()).toBeNull();
    await expect(page.locator('h1')).toHaveText(ownPage ?? '');
    await page.goto('/nfccards');
    await expect(async () => {
      await page.reload();
      await expect(lost).toContainText('1 tap', { timeout: 1000 });
    }).toPass();

    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await lost.getByRole('button', { name: 'Mark as lost' }).click();
    await expect(lost).toContainText('Lost: switched off');
    expect(asked).toContain('stop showing your page');
    await expect(page.locator('#toasts').getByText(`Card ${codes[1]} is switched off`)).toBeVisible();
    // The others carry on.
    await expect(mine.getByRole('article', { name: `Card ${codes[0]}` })).toContainText(
      'On: opens your page',
    );

    // Its address now says only that the card is no longer in use, and counts nothing.
    const off = await page.goto(address);
    expect(off?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This card is no longer in use');
    expect(await page.content()).not.toContain('nfcowner');
    await page.goto('/nfccards');
    await expect(lost).toContainText('Lost: switched off');
    await expect(lost).toContainText('1 tap');

    await lost.getByRole('button', { name: 'Switch back on' }).click();
    await expect(lost).toContainText('On: opens your page');
    await expect(lost.getByRole('button', { name: 'Mark as lost' })).toBeVisible();
    const on = await page.goto(address.toLowerCase());
    expect(on?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(ownPage ?? '');
    // Two taps: the open while it was lost, long since written had it been counted, would make three.
    await page.goto('/nfccards');
    await expect(async () => {
      await page.reload();
      await expect(lost).toContainText('2 taps', { timeout: 1000 });
    }).toPass();
  });

  test('answering no to the question leaves the card switched on', async ({ page, request }) => {
    const customer = await signUp(request, 'nfcwavers');
    await buyCardAtHostedCheckout(
      page,
      request,
      { token: customer, email: 'nfcwavers@example.com' },
      { name: 'Wes Avers', line1: '1 Maybe Row', city: 'Leeds', postcode: 'ls1 1aa' },
    );
    await actAs(page, customer);
    await page.goto('/nfccards');
    const card = page.getByRole('region', { name: 'My cards' }).getByRole('article');
    const changes: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().includes('/api/nfc-cards/')) changes.push(sent.url());
    });
    let asked = false;
    page.once('dialog', (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    await card.getByRole('button', { name: 'Mark as lost' }).click();
    expect(asked).toBe(true);
    await page.reload();
    await expect(card).toContainText('On: opens your page');
    expect(changes).toEqual([]);
  });
});
