import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM, PHONE } from './config';
import { VIDEO_VIEWPORT } from './phone';

/** The site's screenshot of a profile: the top of the page at the phone viewport, PNG at 2×. */
export type ProfileShots = { site: Buffer; video: Buffer };

/** What the video's first scene scrolls through: the whole page without its sticky button, and the button. */
export type ScrollShots = {
  page: Buffer;
  /** The sticky "Save My Number" bar (gradient and button), transparent elsewhere. */
  cta: Buffer;
  /** CSS px, in the video's viewport at the top of the page. */
  ctaTop: number;
  button: { x: number; y: number; width: number; height: number };
  /** CSS px to scroll so "My Services" sits near the top. */
  servicesTop: number;
};

export const launchBrowser = () =>
  chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });

async function open(browser: Browser, url: string, height: number): Promise<Page> {
  const page = await browser.newPage({
    viewport: { width: PHONE.width, height },
    deviceScaleFactor: PHONE.scale,
    isMobile: true,
    hasTouch: true,
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => img.decode().catch(() => undefined)));
  });
  return page;
}

/** The top of a real rendered profile, at the site's phone viewport and at the video phone's (under its chrome). */
export async function shootProfile(browser: Browser, url: string): Promise<ProfileShots> {
  const page = await open(browser, url, PHONE.height);
  const site = await page.screenshot();
  await page.setViewportSize({ width: PHONE.width, height: VIDEO_VIEWPORT.height });
  await page.evaluate(() => document.fonts.ready);
  const video = await page.screenshot();
  await page.close();
  return { site, video };
}

export async function shootScroll(browser: Browser, url: string): Promise<ScrollShots> {
  const page = await open(browser, url, VIDEO_VIEWPORT.height);
  const geometry = await page.evaluate(() => {
    const cta = document.querySelector('.tc-cta')?.getBoundingClientRect();
    const button = document.querySelector('.tc-bt')?.getBoundingClientRect();
    const services = document.getElementById('tc-services');
    if (!cta || !button || !services) throw new Error('The profile has no sticky button or services');
    return {
      ctaTop: cta.top,
      button: { x: button.left, y: button.top, width: button.width, height: button.height },
      servicesTop: services.getBoundingClientRect().top + window.scrollY - 16,
    };
  });
  const hide = await page.addStyleTag({ content: '.tc-cta{visibility:hidden}' });
  const full = await page.screenshot({ fullPage: true });
  await hide.evaluate((node) => (node as Element).remove());
  await page.addStyleTag({
    content:
      'body *{visibility:hidden}.tc-cta,.tc-cta *{visibility:visible}html,body{background:transparent!important}',
  });
  const cta = await page.locator('.tc-cta').screenshot({ omitBackground: true });
  await page.close();
  return { page: full, cta, ...geometry };
}
