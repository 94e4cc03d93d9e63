import { expect, type Page, test } from '@playwright/test';
import { signUp, storeSession } from './accounts';
import { CHAT_WIDGET_STAND_IN } from './env';
import { pastTheChatDelay, stopPageClock } from './page-clock';

// Issue 11, finding 3: a third-party script could read the session and a reset token. The pages now send a CSP
// that runs only our own scripts, and the widget stays off every page holding a secret.

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return violations;
}

/** The stand-in widget: records each page that loaded it, and tries to read what a real attacker would. */
async function standInChat(page: Page) {
  const loads: string[] = [];
  await page.route(CHAT_WIDGET_STAND_IN, (route) => {
    loads.push(new URL(page.url()).pathname);
    return route.fulfill({
      contentType: 'text/javascript',
      body: "document.body.dataset.chat = 'loaded'; window.Tawk_API = { maximize() { document.body.dataset.chat = 'open'; } };",
    });
  });
  return loads;
}

test.describe('the content security policy', () => {
  test('the main pages run with no CSP violation, the chat widget included', async ({ page }) => {
    const violations = await watchViolations(page);
    const loads = await standInChat(page);
    const paths = [
      '/',
      '/faq',
      '/reviews',
      '/helpcentre',
      '/policies',
      '/productandplan',
      '/productandplan/plasticnfccard',
      '/productandplan/subscription',
      '/contactus',
      '/login',
      '/register',
      '/reset-password/a-token-for-the-audit',
    ];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      await expect(page.locator('main h1').first()).toBeVisible();
      // Hydrated islands answer input: the inline island script ran.
      await page.keyboard.press('Tab');
      await page.waitForLoadState('networkidle');
    }
    // The widget did load where it may (its origin is in those pages' policy).
    expect(loads).toEqual(expect.arrayContaining(['/', '/faq', '/contactus']));
    expect(violations).toEqual([]);
  });

  test('the signed-in editor and the plans page run with no CSP violation', async ({ page, request }) => {
    const token = await signUp(request, 'cspeditor');
    await storeSession(page, token);
    const violations = await watchViolations(page);
    await page.goto('/myprofile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The live preview draws the profile with its own styles and photos.
    await page.waitForLoadState('networkidle');
    await page.goto('/nfccards');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Plans & Cards' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });

  test('an injected inline script does not run', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.goto('/faq');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.body.append(script);
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });
});

test.describe('the chat widget and secrets', () => {
  test('never loads on sign-in, sign-up or a reset link, even on interaction and after its delay', async ({
    page,
  }) => {
    const loads = await standInChat(page);
    await stopPageClock(page);
    for (const path of ['/login', '/register', '/reset-password/a-token-for-the-widget']) {
      await page.goto(path);
      await page.keyboard.press('Tab');
    }
    await pastTheChatDelay(page);
    await expect(page.locator('body')).not.toHaveAttribute('data-chat', /./);
    expect(loads).toEqual([]);
  });

  test('never loads for a signed-in visitor, on public or account pages', async ({ page, request }) => {
    const loads = await standInChat(page);
    await stopPageClock(page);
    const token = await signUp(request, 'chatsecret');
    await storeSession(page, token);
    for (const path of ['/faq', '/contact-support']) {
      await page.goto(path);
      await expect(page.locator('main h1, h1').first()).toBeVisible();
      await page.keyboard.press('Tab');
    }
    await pastTheChatDelay(page);
    expect(loads).toEqual([]);
  });
});
