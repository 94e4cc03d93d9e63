import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import type { CardContent } from './content';
import type { CardEvent } from './events';
import { showsAnything } from './shown';

export type CardState = { published: CardContent | null };

export type CardCommand =
  | {
      type: 'PublishCard';
      accountId: string;
      content: CardContent;
      /** Decided by the caller from the account: subscribed, or in trial. */
      accountMayPublish: boolean;
    }
  | { type: 'EraseCard'; accountId: string };

export const NO_CHANGES = "You haven't made any changes.";
export const TRIAL_OVER = 'Your free trial has ended. Subscribe to publish your page again.';
/**
 * Issue 14: a first publish starts the 14-day trial, so it must show something; an empty first card would spend the
 * trial on "This profile isn't set up yet".
 */
export const NOTHING_TO_SHOW =
  'Your page has nothing to show yet. Add a heading, your name, a photo, a service, a review or a way to contact you (in a section that is shown), then publish.';

/** The answer to a publish that empties a published card (SPEC §4's not-set-up page), in place of 'Published!'. */
export const PUBLISHED_EMPTY =
  'Your page is published with nothing to show, so visitors see “This profile isn’t set up yet”. Add a heading, your name, a photo, a service, a review or a way to contact you (in a section that is shown) to show it again.';

// zod parses every content into the same key order, so equal content serialises equally.
const same = (a: CardContent, b: CardContent) => JSON.stringify(a) === JSON.stringify(b);

export const cardDecider: Decider<CardCommand, CardState, CardEvent> = {
  initialState: () => ({ published: null }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'CardPublished':
        return { published: event.data.content };
      case 'CardErased':
        return { published: null };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'PublishCard':
        if (!command.accountMayPublish) throw new DomainError('forbidden', TRIAL_OVER);
        if (state.published && same(state.published, command.content))
          throw new DomainError('invalid', NO_CHANGES);
        // Once published, a card may be emptied again: hiding or clearing every section is how an owner takes
        // their page down to "This profile isn't set up yet" (SPEC §4) without closing the account (issue 28).
        if (!state.published && !showsAnything(command.content))
          throw new DomainError('invalid', NOTHING_TO_SHOW);
        return [{ type: 'CardPublished', data: { accountId: command.accountId, content: command.content } }];
      case 'EraseCard':
        return state.published ? [{ type: 'CardErased', data: { accountId: command.accountId } }] : [];
      default:
        return assertNever(command);
    }
  },
};
