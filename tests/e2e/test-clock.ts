import { type APIRequestContext, expect, type Page } from '@playwright/test';

/**
 * Moves the server's clock (and its payment simulator's) the supported way, TEST_CLOCK=true's POST /api/test-clock
 * (docs/development.md, "Moving the clock in tests"), and the browser's with it: screens that compare a date with
 * the browser's own time (the trial banner, the editor's lock) then see what the person would on that day. The
 * server answers once what fell due is recorded (trial ends, renewals and retries billed, their webhooks taken in);
 * the mail they queued follows a moment later. Sessions age with the clock: after a jump of more than a week, sign
 * in again (logIn).
 */
export async function moveClock(
  page: Page,
  request: APIRequestContext,
  move: { days?: number; seconds?: number },
) {
  const moved = await request.post('/api/test-clock', { data: move });
  expect(moved.status()).toBe(200);
  const answer = (await moved.json()) as { now: string; trials: { warned: number; ended: number } };
  await page.clock.setSystemTime(new Date(answer.now));
  return answer;
}
