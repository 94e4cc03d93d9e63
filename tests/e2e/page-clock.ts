import { expect, type Page } from '@playwright/test';
import { CHAT_DELAY_MS } from '../../site/src/lib/chat';

/**
 * Stops the page's clock (timers, Date) for the whole test, across navigations: a delay the page counts (the chat
 * widget's 4 s) then passes only when the test says so, never because the machine was slow.
 */
export async function stopPageClock(page: Page) {
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1000);
}

/** Moves a stopped clock past the chat widget's delay, and checks the page has not started loading the widget. */
export async function pastTheChatDelay(page: Page) {
  await page.clock.runFor(CHAT_DELAY_MS + 500);
  await expect(page.locator('script[data-chat-widget]')).toHaveCount(0);
}
