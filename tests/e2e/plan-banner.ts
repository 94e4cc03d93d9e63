import type { Page } from '@playwright/test';

/** The editor's banner about the plan (issue 14), found by its title. */
export const planBanner = (page: Page, title: string) => page.getByRole('region', { name: title });

/**
 * The editor once it has read the account's orders and drawn what they say: a plan banner would be up by then, so
 * one that is not is not coming.
 */
export async function openEditorWithOrders(page: Page) {
  const orders = page.waitForResponse((response) => response.url().includes('/api/me/orders'));
  await page.goto('/myprofile');
  const answer = await orders;
  // A refused read would otherwise be waited past until the test's own timeout, saying nothing.
  if (!answer.ok()) throw new Error(`GET /api/me/orders answered ${answer.status()}: ${await answer.text()}`);
  await answer.finished();
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
}
