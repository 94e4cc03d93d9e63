import type { ImageRef } from '../card/content';
import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import { REVIEW_LINK_DAYS, type ReceivedReview, type RequestedReview, type ReviewEvent } from './events';

export type ReviewState =
  | { status: 'none' }
  | { status: 'requested'; request: RequestedReview }
  | {
      status: 'received' | 'removed';
      request: RequestedReview;
      review: ReceivedReview;
      replied: boolean;
      reported: boolean;
    }
  | { status: 'erased'; accountId: string };

export type ReviewCommand =
  | {
      type: 'RequestReview';
      reviewId: string;
      accountId: string;
      customerName: string;
      email: string | null;
      enquiryId: string | null;
      job: string | null;
      tokenHash: string;
    }
  | {
      type: 'SubmitReview';
      tokenHash: string;
      rating: number;
      text: string;
      displayName: string;
      photos: ImageRef[];
    }
  | { type: 'ReplyToReview'; by: string; reply: string }
  | { type: 'ReportReview'; by: string; reason: string }
  | { type: 'RemoveReview'; by: string; reason: string }
  /** The owner's account is erased. */
  | { type: 'EraseReview' }
  /** The customer removes their own review, through the link in their confirmation mail (the same token). */
  | { type: 'WithdrawReview'; tokenHash: string };

/** The same words for a review that doesn't exist and one that isn't yours: nobody learns another's. */
export const REVIEW_NOT_FOUND = 'We couldn’t find that review among yours.';
/** A link's refusals, on the customer's page: plain words, nothing about the owner's account. */
export const REVIEW_LINK_UNKNOWN = 'This review link isn’t one we know. Please check it was copied whole.';
export const REVIEW_LINK_USED =
  'This review link has already been used. Thank you: your review is on the page.';
export const REVIEW_LINK_EXPIRED = `This review link has expired: links last ${REVIEW_LINK_DAYS} days. Ask for a new one if you’d still like to leave a review.`;
export const REVIEW_LINK_WITHDRAWN = 'This review is no longer available.';
export const REVIEW_ALREADY_REPLIED = 'You’ve already replied to this review: a review has one public reply.';

const DAY_MS = 86_400_000;

export const initialState = (): ReviewState => ({ status: 'none' });

export function evolve(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewRequested':
      return { status: 'requested', request: event.data };
    case 'ReviewReceived':
      return state.status === 'requested'
        ? { status: 'received', request: state.request, review: event.data, replied: false, reported: false }
        : state;
    case 'ReviewReplied':
      return 'review' in state ? { ...state, replied: true } : state;
    case 'ReviewReported':
      return 'review' in state ? { ...state, reported: true } : state;
    case 'ReviewRemoved':
      return 'review' in state ? { ...state, status: 'removed' } : state;
    case 'ReviewErased':
      return { status: 'erased', accountId: event.data.accountId };
    default:
      return assertNever(event);
  }
}

const ownerOf = (state: ReviewState): string | null =>
  'request' in state ? state.request.accountId : state.status === 'erased' ? state.accountId : null;

export function decide(command: ReviewCommand, state: ReviewState, now: Date): ReviewEvent[] {
  switch (command.type) {
    case 'RequestReview': {
      if (state.status !== 'none') throw new DomainError('conflict', 'This review was already requested.');
      const { type: _command, ...request } = command;
      return [
        {
          type: 'ReviewRequested',
          data: {
            ...request,
            requestedAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS).toISOString(),
          },
        },
      ];
    }
    case 'SubmitReview': {
      // A wrong token reads as an unknown link, whatever the review: a guess learns nothing.
      if (!('request' in state) || state.request.tokenHash !== command.tokenHash)
        throw new DomainError(
          state.status === 'erased' ? 'gone' : 'not_found',
          state.status === 'erased' ? REVIEW_LINK_WITHDRAWN : REVIEW_LINK_UNKNOWN,
        );
      if (state.status !== 'requested')
        throw new DomainError(
          state.status === 'removed' ? 'gone' : 'conflict',
          state.status === 'removed' ? REVIEW_LINK_WITHDRAWN : REVIEW_LINK_USED,
        );
      if (now.getTime() >= Date.parse(state.request.expiresAt))
        throw new DomainError('gone', REVIEW_LINK_EXPIRED);
      const { reviewId, accountId } = state.request;
      const { rating, text, displayName, photos } = command;
      return [
        {
          type: 'ReviewReceived',
          data: { reviewId, accountId, rating, text, displayName, photos, receivedAt: now.toISOString() },
        },
      ];
    }
    case 'ReplyToReview': {
      if (ownerOf(state) !== command.by || state.status !== 'received')
        throw new DomainError('not_found', REVIEW_NOT_FOUND);
      if (state.replied) throw new DomainError('conflict', REVIEW_ALREADY_REPLIED);
      return [
        {
          type: 'ReviewReplied',
          data: {
            reviewId: state.request.reviewId,
            reply: command.reply,
            repliedAt: now.toISOString(),
            by: command.by,
          },
        },
      ];
    }
    case 'ReportReview': {
      if (ownerOf(state) !== command.by || state.status !== 'received')
        throw new DomainError('not_found', REVIEW_NOT_FOUND);
      // A second report (two taps) adds nothing: support already has it.
      if (state.reported) return [];
      return [
        {
          type: 'ReviewReported',
          data: {
            reviewId: state.request.reviewId,
            reason: command.reason,
            reportedAt: now.toISOString(),
            by: command.by,
          },
        },
      ];
    }
    case 'RemoveReview': {
      if (state.status === 'removed') return [];
      if (state.status !== 'received')
        throw new DomainError('not_found', 'There is no such review to remove.');
      return [
        {
          type: 'ReviewRemoved',
          data: {
            reviewId: state.request.reviewId,
            reason: command.reason,
            removedAt: now.toISOString(),
            admin: command.by,
          },
        },
      ];
    }
    case 'EraseReview': {
      if (!('request' in state)) return [];
      const { reviewId, accountId } = state.request;
      return [{ type: 'ReviewErased', data: { reviewId, accountId } }];
    }
    case 'WithdrawReview': {
      // Gone already (a second tap on the mail's link): done, as asked.
      if (state.status === 'erased') return [];
      if (!('review' in state) || state.request.tokenHash !== command.tokenHash)
        throw new DomainError('not_found', REVIEW_LINK_UNKNOWN);
      const { reviewId, accountId } = state.request;
      return [{ type: 'ReviewErased', data: { reviewId, accountId, by: 'customer' } }];
    }
    default:
      return assertNever(command);
  }
}

export const reviewDecider: Decider<ReviewCommand, ReviewState, ReviewEvent> = {
  initialState,
  evolve,
  decide,
};
