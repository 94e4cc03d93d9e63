import { describe, expect, it } from 'vitest';
import type { ReviewEvent } from './events';
import { reviewsReadModel } from './reviews-read-model';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const requested: ReviewEvent = {
  type: 'ReviewRequested',
  data: {
    reviewId: 'r1',
    accountId: 'a1',
    customerName: 'Pat Customer',
    email: null,
    enquiryId: null,
    job: null,
    tokenHash: 'h1',
    requestedAt: at(1),
    expiresAt: '2026-12-01T10:00:00.000Z',
  },
};
const photo = { id: 'c'.repeat(24), width: 800, height: 600, widths: [320, 640, 800] };
const received: ReviewEvent = {
  type: 'ReviewReceived',
  data: {
    reviewId: 'r1',
    accountId: 'a1',
    rating: 4,
    text: 'Good work',
    displayName: 'Pat C.',
    photos: [photo],
    receivedAt: at(2),
  },
};

const rowAfter = (...events: ReviewEvent[]) =>
  reviewsReadModel.toRow(
    events.reduce(
      (state, event, i) =>
        reviewsReadModel.evolve(state, {
          ...event,
          streamId: 'review-r1',
          globalPosition: i,
          occurredAt: at(1),
        }),
      reviewsReadModel.initialState(),
    ),
  );

describe('the reviews read model', () => {
  it('has a row from the request on, with the review, the reply, the report and the removal as they come', () => {
    expect(rowAfter()).toBeNull();
    expect(rowAfter(requested)).toMatchObject({
      status: 'requested',
      rating: null,
      photos: '[]',
      token_hash: 'h1',
    });
    expect(
      rowAfter(
        requested,
        received,
        { type: 'ReviewReplied', data: { reviewId: 'r1', reply: 'Thanks!', repliedAt: at(3), by: 'a1' } },
        { type: 'ReviewReported', data: { reviewId: 'r1', reason: 'Rude', reportedAt: at(4), by: 'a1' } },
        { type: 'ReviewRemoved', data: { reviewId: 'r1', reason: 'Abuse', removedAt: at(5), admin: 'x' } },
      ),
    ).toMatchObject({
      status: 'removed',
      rating: 4,
      text: 'Good work',
      display_name: 'Pat C.',
      photos: JSON.stringify([photo]),
      received_at: at(2),
      reply: 'Thanks!',
      replied_at: at(3),
      reported_at: at(4),
      report_reason: 'Rude',
      removed_at: at(5),
      removed_reason: 'Abuse',
    });
  });

  it('has no row once erased', () => {
    expect(
      rowAfter(requested, received, { type: 'ReviewErased', data: { reviewId: 'r1', accountId: 'a1' } }),
    ).toBeNull();
  });
});
