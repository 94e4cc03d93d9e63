import { expect, test } from '@playwright/test';
import { grantAdmin, signUp, storeSession, switchSession } from './accounts';
import { mailTo } from './mail';
import { buyCardAtHostedCheckout } from './webhooks';

const EMAIL = 'refundee@example.com';

/**
 * Issue 28, item 6: a tradesperson who paid for 2 cards deletes their account before they ship. The account page says
 * so before the countdown, the deletion cancels and refunds them (a receipt in the inbox), and the admin sees the
 * order cancelled with the refund: no cards to program, no sheet to print, nothing to ship.
 */
test('delete with unshipped cards → told first, refunded with a receipt, the admin sees the order cancelled', async ({
  page,
  request,
}) => {
  const token = await signUp(request, 'refundee');
  const admin = await signUp(request, 'refundadmin');
  await grantAdmin('refundadmin@example.com');
  const delivery = { name: 'Rae Fund', line1: '7 Cistern Close', city: 'Hull', postcode: 'hu1 1aa' };
  await buyCardAtHostedCheckout(page, request, { token, email: EMAIL }, delivery, 2);
  const orderId = new URL(page.url()).searchParams.get('id') ?? '';
  expect(orderId).not.toBe('');

  await storeSession(page, token);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Delete Your Account' });
  const notice =
    'You have 2 NFC cards paid for that haven’t shipped yet. Deleting your account cancels them: they won’t be made or posted, and we refund £49.90 to the card you paid with';
  // Said before anything is pressed, and read with the button.
  await expect(section).toContainText(notice);
  const button = section.getByRole('button', { name: 'Delete Your Account' });
  await expect(button).toHaveAccessibleDescription(new RegExp(notice.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await button.click();
  const confirm = section.getByRole('button', { name: /^Confirm/ });
  await expect(confirm).toHaveText('Confirm delete', { timeout: 5000 });
  await confirm.click();
  await page.waitForURL((url) => url.pathname === '/');

  const receipt = await mailTo(EMAIL, 'Your TradeCard refund – £49.90');
  expect(receipt.text).toContain('We have refunded £49.90 to the card you paid with.');
  expect(receipt.text).toContain(`Order: ${orderId}\nCards: 2\nRefunded: £49.90`);
  const gone = await mailTo(EMAIL, 'Your TradeCard account has been deleted');
  expect(gone.text).toContain('cancelled and £49.90 refunded to the card you paid with');

  await switchSession(page, admin);
  await page.goto('/admin');
  await page.getByLabel('Search').fill(orderId);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  const order = page.getByRole('article');
  await expect(order.locator('.badge')).toHaveText('Cancelled');
  await expect(order).toContainText(
    'and £49.90 refunded: the customer deleted their account before it shipped. There is nothing to make or send.',
  );
  await expect(order.getByText('Cards to program')).toHaveCount(0);
  await expect(order.getByRole('link', { name: 'Print sheet' })).toHaveCount(0);
  await expect(order.getByRole('button', { name: 'Update status' })).toHaveCount(0);
  expect(
    (
      await request.get(`/api/admin/orders/${orderId}/cards/sheet`, {
        headers: { authorization: `Bearer ${admin}` },
      })
    ).status(),
  ).toBe(409);
});
