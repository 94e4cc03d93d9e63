import type { Page } from '@playwright/test';

/** The editor's banner about the plan (issue 14), found by its title. */
export const planBanner = (page: Page, title: string) => page.getByRole('region', { name: title });

/**
 * The editor once it has read the account's orders and drawn what they say: a plan banner would be up by then, so
 * one that is not is not coming. Waits for a read of the orders that *finished*: one the editor cancelled mid-answer
 * (a refetch as the screen settles) fails instead, and waiting on its `finished()` never ended (a 60 s timeout seen
 * in CI under load).
 */
export async function openEditorWithOrders(page: Page) {
  const read = page.waitForEvent('requestfinished', (request) => request.url().includes('/api/me/orders'));
  await page.goto('/myprofile');
  const answer = await (await read).response();
  // A refused read would otherwise be waited past until the test's own timeout, saying nothing.
  if (!answer?.ok())
    throw new Error(`GET /api/me/orders answered ${answer?.status()}: ${await answer?.text()}`);
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
}
