import { expect, type Page, test } from '@playwright/test';
import { CHAT_DELAY_MS } from '../../site/src/lib/chat';
import { signedInHere, signUp, storeSession } from './accounts';
import { CHAT_WIDGET_STAND_IN } from './env';
import { pastTheChatDelay, stopPageClock } from './page-clock';

/** The top bar's links: on a phone they sit behind the Menu disclosure, which this opens. */
async function topBar(page: Page) {
  await page.getByText('Menu', { exact: true }).click();
  return page.getByRole('navigation', { name: 'Menu' });
}

/** A stand-in for the third-party widget: marks the page when it loads, and when it is opened. */
async function standInChat(page: Page) {
  const loads: string[] = [];
  await page.route(CHAT_WIDGET_STAND_IN, (route) => {
    loads.push(page.url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: "document.body.dataset.chat = 'loaded'; window.Tawk_API = { maximize() { document.body.dataset.chat = 'open'; } };",
    });
  });
  return loads;
}

test.describe('the shared chrome', () => {
  test('the top bar is signed out by default and signed in from the first paint when a session is stored', async ({
    page,
    request,
  }) => {
    await page.goto('/faq');
    let nav = await topBar(page);
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?from=%2Ffaq');
    await expect(nav.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden();

    const token = await signUp(request, 'topbar');
    // Stored once, as a login would; logging out must then clear it for good.
    await storeSession(page, token);
    // Read the page as it stands when its HTML is parsed: no moment shows the signed-out links.
    await page.goto('/faq', { waitUntil: 'commit' });
    await page.waitForSelector('nav[aria-label="Main"]', { state: 'attached' });
    expect(await page.evaluate(() => document.documentElement.dataset.auth)).toBe('in');
    nav = await topBar(page);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/myprofile');
    await expect(nav.getByRole('link', { name: 'Login' })).toBeHidden();

    await nav.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await signedInHere(page)).toBe(false);
    const profile = await request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status()).toBe(401);
  });

  test('the menu folds away at 360 px and opens on a tap', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Menu' });
    await expect(nav.getByRole('link', { name: 'Reviews' })).toBeHidden();
    await page.getByText('Menu', { exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Reviews' })).toBeVisible();
    await nav.getByRole('link', { name: 'FAQs' }).click();
    await page.waitForURL('**/faq');
  });

  test('a toast raised just before a navigation shows on the next page', async ({ page }) => {
    await page.goto('/faq');
    await page.evaluate(() => {
      const toast = { id: 't1', kind: 'success', message: 'Login successful!', expiresAt: Date.now() + 2000 };
      sessionStorage.setItem('tradecard.toasts', JSON.stringify([toast]));
    });
    await page.goto('/reviews');
    const toast = page.getByRole('status').getByText('Login successful!');
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 4000 });
  });

  test('the chat widget loads after 4 s, at once on a first interaction, and not on excluded pages', async ({
    page,
    request,
  }) => {
    const loads = await standInChat(page);
    await stopPageClock(page);
    await page.goto('/reviews');
    await page.clock.runFor(CHAT_DELAY_MS - 100);
    await expect(page.locator('script[data-chat-widget]')).toHaveCount(0);
    expect(loads).toEqual([]);
    await page.clock.runFor(200);
    await expect(page.locator('body')).toHaveAttribute('data-chat', 'loaded');

    await page.goto('/faq');
    await page.keyboard.press('Tab');
    await expect(page.locator('body')).toHaveAttribute('data-chat', 'loaded');

    // An excluded page, signed in so the page itself shows rather than the login it would send a visitor to.
    const token = await signUp(request, 'chatless');
    await storeSession(page, token);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await pastTheChatDelay(page);
    await expect(page.locator('body')).not.toHaveAttribute('data-chat', /./);
  });

  test('openChatOnLoad opens the chat on arrival, then is cleared', async ({ page }) => {
    await standInChat(page);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('openChatOnLoad', 'true');
      }
    });
    await page.goto('/contactus');
    await expect(page.locator('body')).toHaveAttribute('data-chat', 'open', { timeout: 2000 });
    expect(await page.evaluate(() => localStorage.getItem('openChatOnLoad'))).toBeNull();
  });

  test('bots never get the widget', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    const page = await context.newPage();
    const loads = await standInChat(page);
    await stopPageClock(page);
    await page.goto('/');
    await page.keyboard.press('Tab');
    await pastTheChatDelay(page);
    expect(loads).toEqual([]);
    await context.close();
  });
});
