import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import type { NfcCardEvent } from './events';

type CardDetails = { code: string; orderId: string; accountId: string; firmId?: string };

export type NfcCardStatus = 'active' | 'lost' | 'retired';

export type NfcCardState = { status: 'none' } | ({ status: NfcCardStatus } & CardDetails);

export type NfcCardCommand =
  | { type: 'IssueNfcCard'; code: string; orderId: string; accountId: string; firmId?: string }
  | { type: 'MarkNfcCardLost'; by: string }
  | { type: 'SwitchNfcCardOn'; by: string }
  | { type: 'RetireNfcCard' }
  /**
   * By a firm's admin, to another member of the same firm (`firm` as its read model has it now): a card a member
   * holds, or one the firm bought (its holder may have left); any other is not the firm's to move: not found.
   */
  | {
      type: 'ReassignNfcCard';
      by: string;
      to: string;
      firm: { firmId: string; adminId: string; members: string[] };
    };

/** The same words for a card that doesn't exist and one that isn't yours: nobody learns another's codes. */
export const CARD_NOT_FOUND = 'We couldn’t find that card among yours.';
export const CODE_TAKEN = 'This card code is already in use.';
export const NOT_IN_THE_FIRM = 'A firm’s card can only go to a member of the firm.';
export const ALREADY_THEIRS = 'That member already has this card.';

export const initialState = (): NfcCardState => ({ status: 'none' });

export function evolve(state: NfcCardState, event: NfcCardEvent): NfcCardState {
  if (event.type === 'NfcCardIssued') return { status: 'active', ...event.data };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'NfcCardMarkedLost':
      return { ...state, status: 'lost' };
    case 'NfcCardSwitchedOn':
      return { ...state, status: 'active' };
    case 'NfcCardRetired':
      return { ...state, status: 'retired' };
    case 'NfcCardReassigned':
      return { ...state, accountId: event.data.to };
    default:
      return assertNever(event);
  }
}

/** Only the card's owner acts on it; a retired card has no owner left to. */
function requireOwner(
  state: NfcCardState,
  by: string,
): asserts state is { status: NfcCardStatus } & CardDetails {
  if (state.status === 'none' || state.status === 'retired' || state.accountId !== by)
    throw new DomainError('not_found', CARD_NOT_FOUND);
}

export function decide(command: NfcCardCommand, state: NfcCardState): NfcCardEvent[] {
  switch (command.type) {
    case 'IssueNfcCard': {
      if (state.status !== 'none') throw new DomainError('conflict', CODE_TAKEN);
      const { type: _, ...data } = command;
      return [{ type: 'NfcCardIssued', data }];
    }
    case 'MarkNfcCardLost':
      requireOwner(state, command.by);
      // A second press (two tabs, a retry) finds it lost already: nothing more to record.
      return state.status === 'lost'
        ? []
        : [{ type: 'NfcCardMarkedLost', data: { code: state.code, by: command.by } }];
    case 'SwitchNfcCardOn':
      requireOwner(state, command.by);
      return state.status === 'active'
        ? []
        : [{ type: 'NfcCardSwitchedOn', data: { code: state.code, by: command.by } }];
    case 'RetireNfcCard':
      if (state.status === 'none' || state.status === 'retired') return [];
      return [{ type: 'NfcCardRetired', data: { code: state.code, reason: 'account_deleted' } }];
    case 'ReassignNfcCard': {
      const { by, to, firm } = command;
      if (
        state.status === 'none' ||
        state.status === 'retired' ||
        firm.adminId !== by ||
        !(firm.members.includes(state.accountId) || state.firmId === firm.firmId)
      )
        throw new DomainError('not_found', CARD_NOT_FOUND);
      if (!firm.members.includes(to)) throw new DomainError('invalid', NOT_IN_THE_FIRM);
      if (state.accountId === to) throw new DomainError('conflict', ALREADY_THEIRS);
      return [
        {
          type: 'NfcCardReassigned',
          data: { code: state.code, firmId: firm.firmId, from: state.accountId, to, by },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

export const nfcCardDecider: Decider<NfcCardCommand, NfcCardState, NfcCardEvent> = {
  initialState,
  evolve,
  decide,
};
