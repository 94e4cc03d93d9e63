import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
import {
  REVIEW_ALREADY_REPLIED,
  REVIEW_LINK_EXPIRED,
  REVIEW_LINK_UNKNOWN,
  REVIEW_LINK_USED,
  REVIEW_LINK_WITHDRAWN,
  REVIEW_NOT_FOUND,
  type ReviewCommand,
  reviewDecider,
} from './decider';
import type { ReviewEvent } from './events';

const now = new Date('2026-11-28T10:00:00.000Z');
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);
const given = deciderSpec(reviewDecider, { now });

const asked = {
  reviewId: 'r1',
  accountId: 'a1',
  customerName: 'Pat Customer',
  email: 'pat@example.com',
  enquiryId: 'e1',
  job: 'A new bathroom',
  tokenHash: 'hash-of-token',
};
const request: ReviewCommand = { type: 'RequestReview', ...asked };
const requested: ReviewEvent = {
  type: 'ReviewRequested',
  data: { ...asked, requestedAt: now.toISOString(), expiresAt: later(30).toISOString() },
};
const submit = (tokenHash = 'hash-of-token'): ReviewCommand => ({
  type: 'SubmitReview',
  tokenHash,
  rating: 5,
  text: 'Tidy, on time, and the shower finally works.',
  displayName: 'Pat C.',
  photos: [{ id: 'b'.repeat(24), width: 1600, height: 1200, widths: [320, 640, 1280, 1600] }],
});
const received = (at = later(2)): ReviewEvent => ({
  type: 'ReviewReceived',
  data: {
    reviewId: 'r1',
    accountId: 'a1',
    rating: 5,
    text: 'Tidy, on time, and the shower finally works.',
    displayName: 'Pat C.',
    photos: [{ id: 'b'.repeat(24), width: 1600, height: 1200, widths: [320, 640, 1280, 1600] }],
    receivedAt: at.toISOString(),
  },
});
const replied: ReviewEvent = {
  type: 'ReviewReplied',
  data: { reviewId: 'r1', reply: 'Thank you, Pat!', repliedAt: later(3).toISOString(), by: 'a1' },
};
const reported: ReviewEvent = {
  type: 'ReviewReported',
  data: { reviewId: 'r1', reason: 'Not a customer of mine', reportedAt: now.toISOString(), by: 'a1' },
};
const removed: ReviewEvent = {
  type: 'ReviewRemoved',
  data: { reviewId: 'r1', reason: 'Not a customer', removedAt: now.toISOString(), admin: 'admin1' },
};
const erased: ReviewEvent = { type: 'ReviewErased', data: { reviewId: 'r1', accountId: 'a1' } };
const withdrawn: ReviewEvent = {
  type: 'ReviewErased',
  data: { reviewId: 'r1', accountId: 'a1', by: 'customer' },
};

describe('review decider', () => {
  it('asks once, with a link that lasts 30 days', () => {
    given().when(request).then([requested]);
    given(requested).when(request).thenThrows(DomainError, 'already requested');
  });

  it('takes the customer’s review once, through its own link, within 30 days', () => {
    given(requested)
      .when(submit(), { now: later(2) })
      .then([received()]);
    given(requested).when(submit('another-token')).thenThrows(DomainError, REVIEW_LINK_UNKNOWN);
    given().when(submit()).thenThrows(DomainError, REVIEW_LINK_UNKNOWN);
    given(requested, received()).when(submit()).thenThrows(DomainError, REVIEW_LINK_USED);
    given(requested)
      .when(submit(), { now: later(30) })
      .thenThrows(DomainError, REVIEW_LINK_EXPIRED);
    given(requested, received(), removed).when(submit()).thenThrows(DomainError, REVIEW_LINK_WITHDRAWN);
    given(requested, erased).when(submit()).thenThrows(DomainError, REVIEW_LINK_WITHDRAWN);
  });

  it('lets the owner reply once, and no one else at all', () => {
    given(requested, received())
      .when({ type: 'ReplyToReview', by: 'a1', reply: 'Thank you, Pat!' }, { now: later(3) })
      .then([replied]);
    given(requested, received(), replied)
      .when({ type: 'ReplyToReview', by: 'a1', reply: 'Again' })
      .thenThrows(DomainError, REVIEW_ALREADY_REPLIED);
    given(requested, received())
      .when({ type: 'ReplyToReview', by: 'a2', reply: 'Hi' })
      .thenThrows(DomainError, REVIEW_NOT_FOUND);
    // Nothing to answer before the customer has written, or once support has taken it down.
    given(requested)
      .when({ type: 'ReplyToReview', by: 'a1', reply: 'Hi' })
      .thenThrows(DomainError, REVIEW_NOT_FOUND);
    given(requested, received(), removed)
      .when({ type: 'ReplyToReview', by: 'a1', reply: 'Hi' })
      .thenThrows(DomainError, REVIEW_NOT_FOUND);
  });

  it('lets the owner report a review to support once; support removes it', () => {
    given(requested, received())
      .when({ type: 'ReportReview', by: 'a1', reason: 'Not a customer of mine' })
      .then([reported]);
    given(requested, received(), reported)
      .when({ type: 'ReportReview', by: 'a1', reason: 'Again' })
      .thenNothing();
    given(requested, received())
      .when({ type: 'ReportReview', by: 'a2', reason: 'Spite' })
      .thenThrows(DomainError, REVIEW_NOT_FOUND);
    given(requested, received(), reported)
      .when({ type: 'RemoveReview', by: 'admin1', reason: 'Not a customer' })
      .then([removed]);
    given(requested, received(), removed)
      .when({ type: 'RemoveReview', by: 'admin1', reason: 'Again' })
      .thenNothing();
    given(requested)
      .when({ type: 'RemoveReview', by: 'admin1', reason: 'x' })
      .thenThrows(DomainError, 'no such review');
  });

  it('is erased with the owner’s account, and withdrawn by the customer through their own link', () => {
    given(requested, received()).when({ type: 'EraseReview' }).then([erased]);
    given(requested).when({ type: 'EraseReview' }).then([erased]);
    given().when({ type: 'EraseReview' }).thenNothing();
    given(requested, received())
      .when({ type: 'WithdrawReview', tokenHash: 'hash-of-token' })
      .then([withdrawn]);
    given(requested, received(), withdrawn)
      .when({ type: 'WithdrawReview', tokenHash: 'hash-of-token' })
      .thenNothing();
    given(requested, received())
      .when({ type: 'WithdrawReview', tokenHash: 'a-guess' })
      .thenThrows(DomainError, REVIEW_LINK_UNKNOWN);
    // Before the customer has written there is nothing of theirs to withdraw.
    given(requested)
      .when({ type: 'WithdrawReview', tokenHash: 'hash-of-token' })
      .thenThrows(DomainError, REVIEW_LINK_UNKNOWN);
  });
});
