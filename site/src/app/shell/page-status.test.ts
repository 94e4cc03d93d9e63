import { describe, expect, it } from 'vitest';
import { NOT_LIVE, NOT_PUBLISHED_YET, offersPageActions, pageUnavailableReason } from './page-status';

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

describe('where the header card offers Visit Page and Share (issue 28)', () => {
  it('not on the admin’s screen, which is about the service, not their page', () => {
    expect(offersPageActions('/admin')).toBe(false);
    expect(offersPageActions('/admin/')).toBe(false);
    expect(offersPageActions('/myprofile')).toBe(true);
    expect(offersPageActions('/nfccards')).toBe(true);
  });
});
