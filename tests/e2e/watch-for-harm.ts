import type { Page } from '@playwright/test';

/**
 * What the XSS corpus journeys judge a page by, as a browser does: a dialog, a page error, a CSP refusal, a request
 * leaving the site, or a page wider than the phone's screen. `seen` lists each, with the page it happened on.
 */
export function watchForHarm(page: Page, origin: string) {
  const seen: string[] = [];
  let current = '';
  page.on('dialog', (dialog) => {
    seen.push(`dialog (${dialog.message()}) on ${current}`);
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => seen.push(`page error (${error.message}) on ${current}`));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text()))
      seen.push(`CSP violation (${message.text()}) on ${current}`);
  });
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.protocol !== 'data:' && url.origin !== origin)
      seen.push(`request to ${sent.url()} on ${current}`);
  });
  return {
    seen,
    /** Names what comes next (a payload, a page), so what happens from now on is told with it. */
    now(where: string) {
      current = where;
    },
    /** The page now open, checked once it is `ready`: nothing wider than the screen. */
    async check(ready: () => Promise<unknown> = async () => {}) {
      await ready();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) seen.push(`${overflow} px wider than the screen on ${current}`);
    },
  };
}
