import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { ALIASES, PUBLIC_PAGES } from './site-pages';

test.describe('the public site', () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} answers 200 with its content, and axe finds nothing`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('link', { name: 'TradeCard home' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText('TradeCard Ltd');
      await expectNoAxeViolations(page);
    });
  }

  for (const { path, canonical, heading } of ALIASES) {
    test(`${path} shows the page at ${canonical}`, async ({ page }) => {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      const link = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(link ?? '').pathname).toBe(canonical);
    });
  }

  test('breadcrumbs name each segment; the last one is not a link', async ({ page }) => {
    await page.goto('/productandplan/plasticnfccard');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Product & Plan', 'Plastic NFC Card']);
    await expect(crumbs.getByRole('link', { name: 'Product & Plan' })).toHaveAttribute(
      'href',
      '/productandplan',
    );
    await expect(crumbs.getByRole('link', { name: 'Plastic NFC Card' })).toHaveCount(0);
  });

  test('a friendly 404 for an unknown page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We couldn’t find that page');
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Watch How It Works plays the product video in a dialog, with captions', async ({ page }) => {
    await page.goto('/');
    const video = page.locator('dialog.video-modal video');
    // Nothing of the video is fetched for a visitor who never opens it (issue 29): no poster, no captions.
    await expect(video).not.toHaveAttribute('poster');
    await expect(video.locator('track[kind="captions"]')).not.toHaveAttribute('src');
    await page.getByRole('link', { name: 'Watch How It Works' }).click();
    const dialog = page.getByRole('dialog', { name: 'How TradeCard works' });
    await expect(dialog).toBeVisible();
    await expect(video).toHaveAttribute('poster', '/video/how-it-works-poster.webp');
    await expect(video.locator('track[kind="captions"]')).toHaveAttribute('src', '/video/how-it-works.vtt');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // The dialog's close event, which pauses the video, is dispatched a task after the dialog hides.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test('content pages work with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
    });
    const page = await context.newPage();
    await page.goto('/policies#terms');
    await expect(page.locator('#terms')).toBeVisible();
    await expect(page.locator('#privacy')).toBeHidden();
    await page.goto('/faq');
    const first = page.locator('details.faq').first();
    await first.locator('summary').click();
    await expect(first.locator('p').first()).toBeVisible();
    await page.getByText('Menu', { exact: true }).click();
    await expect(
      page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Reviews' }),
    ).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Watch How It Works' })).toHaveAttribute(
      'href',
      '/video/how-it-works.mp4',
    );
    await context.close();
  });

  test('policies: privacy by default, tabs by click and by address', async ({ page }) => {
    await page.goto('/policies');
    await expect(page.getByRole('heading', { name: /Privacy/, level: 2 })).toBeVisible();
    await expect(page.locator('#terms')).toBeHidden();
    await page.getByRole('link', { name: 'Terms', exact: true }).click();
    await expect(page.locator('#terms')).toBeVisible();
    await expect(page.locator('#privacy')).toBeHidden();
    await expect(page.getByRole('link', { name: 'Terms', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await page.goto('/policies#warranty');
    await expect(page.locator('#warranty')).toBeVisible();
    await expect(page.locator('#warranty')).toContainText('12 months');
    await expect(page.locator('#warranty')).not.toContainText('6 months');
  });

  for (const width of [360, 600, 1000, 1440]) {
    test(`nothing spills sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const { path } of [...PUBLIC_PAGES, { path: '/no-such-page' }]) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    });
  }

  test('a new page starts at the top', async ({ page }) => {
    await page.goto('/faq');
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Reviews' }).click();
    await page.waitForURL('**/reviews');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});
