import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import type { ContactEvent } from './events';

type ContactMessage = Extract<ContactEvent, { type: 'ContactMessageReceived' }>['data'];

export type ContactState = { status: 'none' } | { status: 'received'; message: ContactMessage };

export type ContactCommand = { type: 'SubmitContactMessage' } & ContactMessage;

export const contactDecider: Decider<ContactCommand, ContactState, ContactEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => {
    switch (event.type) {
      case 'ContactMessageReceived':
        return { status: 'received', message: event.data };
      default:
        return assertNever(event.type);
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'SubmitContactMessage': {
        if (state.status !== 'none') throw new DomainError('conflict', 'This message was already received.');
        const { type: _command, ...message } = command;
        return [{ type: 'ContactMessageReceived', data: message }];
      }
      default:
        return assertNever(command.type);
    }
  },
};
