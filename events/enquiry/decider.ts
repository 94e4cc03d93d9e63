import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import type { EnquiryEvent, EnquiryStatus, ReceivedEnquiry } from './events';

export type EnquiryState =
  | { status: 'none' }
  | { status: EnquiryStatus; enquiry: ReceivedEnquiry }
  | { status: 'erased'; enquiryId: string; accountId: string };

export type EnquiryCommand =
  | ({ type: 'ReceiveEnquiry' } & ReceivedEnquiry)
  | { type: 'ChangeEnquiryStatus'; status: EnquiryStatus; by: string }
  | { type: 'EraseEnquiry' }
  | { type: 'DeleteEnquiry'; by: string };

/** The same words for an enquiry that doesn't exist and one that isn't yours: nobody learns another's. */
export const ENQUIRY_NOT_FOUND = 'We couldn’t find that enquiry among yours.';

export const initialState = (): EnquiryState => ({ status: 'none' });

export function evolve(state: EnquiryState, event: EnquiryEvent): EnquiryState {
  switch (event.type) {
    case 'EnquiryReceived':
      return { status: 'new', enquiry: event.data };
    case 'EnquiryStatusChanged':
      return 'enquiry' in state ? { ...state, status: event.data.status } : state;
    case 'EnquiryErased':
      return { status: 'erased', enquiryId: event.data.enquiryId, accountId: event.data.accountId };
    default:
      return assertNever(event);
  }
}

export function decide(command: EnquiryCommand, state: EnquiryState): EnquiryEvent[] {
  switch (command.type) {
    case 'ReceiveEnquiry': {
      if (state.status !== 'none') throw new DomainError('conflict', 'This enquiry was already received.');
      const { type: _command, ...enquiry } = command;
      return [{ type: 'EnquiryReceived', data: enquiry }];
    }
    case 'ChangeEnquiryStatus': {
      if (!('enquiry' in state) || state.enquiry.accountId !== command.by)
        throw new DomainError('not_found', ENQUIRY_NOT_FOUND);
      // A second press (two tabs, a retry) finds it there already: nothing more to record.
      if (state.status === command.status) return [];
      const { enquiryId } = state.enquiry;
      return [{ type: 'EnquiryStatusChanged', data: { enquiryId, status: command.status, by: command.by } }];
    }
    case 'EraseEnquiry': {
      if (!('enquiry' in state)) return [];
      const { enquiryId, accountId } = state.enquiry;
      return [{ type: 'EnquiryErased', data: { enquiryId, accountId } }];
    }
    case 'DeleteEnquiry': {
      // The owner's own, erased or not (a second press finds it gone already); anyone else's is not found.
      const owner =
        'enquiry' in state ? state.enquiry.accountId : state.status === 'erased' ? state.accountId : null;
      if (owner !== command.by) throw new DomainError('not_found', ENQUIRY_NOT_FOUND);
      if (!('enquiry' in state)) return [];
      const { enquiryId, accountId } = state.enquiry;
      return [{ type: 'EnquiryErased', data: { enquiryId, accountId, by: command.by } }];
    }
    default:
      return assertNever(command);
  }
}

export const enquiryDecider: Decider<EnquiryCommand, EnquiryState, EnquiryEvent> = {
  initialState,
  evolve,
  decide,
};
