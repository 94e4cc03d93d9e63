import { describe, expect, it } from 'vitest';
import { NOT_LIVE, NOT_PUBLISHED_YET, pageUnavailableReason } from './page-status';

describe('why the page cannot be visited or shared', () => {
  it('says so before the first publish, and after the trial ends without a plan', () => {
    expect(pageUnavailableReason({ isPublished: false, isLive: true })).toBe(NOT_PUBLISHED_YET);
    expect(pageUnavailableReason({ isPublished: true, isLive: false })).toBe(NOT_LIVE);
  });

  it('has no reason for a live page, or while the card is still loading', () => {
    expect(pageUnavailableReason({ isPublished: true, isLive: true })).toBeNull();
    expect(pageUnavailableReason(undefined)).toBeNull();
  });
});
