import { expect } from '@playwright/test';
import { MIN_FORM_AGE_MS } from '../../api/enquiries/stamp';

/** The no-script forms refuse one sent sooner than MIN_FORM_AGE_MS after it was shown; a little more, for the clock. */
export const OLD_ENOUGH_MS = MIN_FORM_AGE_MS + 500;

/** Until a form shown at `shownAt` (Date.now()) is old enough to be sent, as a person's is by the time they send it. */
export const untilOldEnough = (shownAt: number) =>
  expect.poll(() => Date.now() - shownAt, { intervals: [100] }).toBeGreaterThanOrEqual(OLD_ENOUGH_MS);
