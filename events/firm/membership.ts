import { z } from 'zod';
import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';

/**
 * Issue 32: which firm an account belongs to, as the account's own stream: joining a firm and creating one are
 * decided here too, in the same transaction as the firm's event, so an account is in one firm at most.
 */
export const MembershipStarted = z.object({
  type: z.literal('MembershipStarted'),
  data: z.object({ accountId: z.string(), firmId: z.string(), startedAt: z.string() }),
});

export const MembershipEnded = z.object({
  type: z.literal('MembershipEnded'),
  data: z.object({ accountId: z.string(), firmId: z.string(), endedAt: z.string() }),
});

export const membershipEventSchemas = [MembershipStarted, MembershipEnded] as const;
export type MembershipEvent = z.infer<(typeof membershipEventSchemas)[number]>;

export const MEMBERSHIP_STREAM_PREFIX = 'membership-';
export const membershipStreamId = (accountId: string) => `${MEMBERSHIP_STREAM_PREFIX}${accountId}`;

export type MembershipState = { firmId: string | null };
export type MembershipCommand =
  | { type: 'StartMembership'; accountId: string; firmId: string }
  | { type: 'EndMembership'; accountId: string; firmId: string };

export const ALREADY_IN_A_FIRM = 'You’re already in a firm: leave it first to join or start another.';

export const membershipDecider: Decider<MembershipCommand, MembershipState, MembershipEvent> = {
  initialState: () => ({ firmId: null }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'MembershipStarted':
        return { firmId: event.data.firmId };
      case 'MembershipEnded':
        return { firmId: null };
      default:
        return assertNever(event);
    }
  },
  decide: (command, state, now) => {
    const at = now.toISOString();
    switch (command.type) {
      case 'StartMembership':
        if (state.firmId === command.firmId) return [];
        if (state.firmId !== null) throw new DomainError('conflict', ALREADY_IN_A_FIRM);
        return [
          {
            type: 'MembershipStarted',
            data: { accountId: command.accountId, firmId: command.firmId, startedAt: at },
          },
        ];
      case 'EndMembership':
        // Ending what isn't so changes nothing: a firm's removal and the member's own leaving may cross.
        if (state.firmId !== command.firmId) return [];
        return [
          {
            type: 'MembershipEnded',
            data: { accountId: command.accountId, firmId: command.firmId, endedAt: at },
          },
        ];
      default:
        return assertNever(command);
    }
  },
};
