import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
import { CARD_NOT_FOUND, CODE_TAKEN, type NfcCardCommand, nfcCardDecider } from './decider';
import type { NfcCardEvent } from './events';

const now = new Date('2026-11-26T10:00:00Z');
const issued: NfcCardEvent = {
  type: 'NfcCardIssued',
  data: { code: 'K7M2Q9XA', orderId: 'o1', accountId: 'a1' },
};
const lost: NfcCardEvent = { type: 'NfcCardMarkedLost', data: { code: 'K7M2Q9XA', by: 'a1' } };
const switchedOn: NfcCardEvent = { type: 'NfcCardSwitchedOn', data: { code: 'K7M2Q9XA', by: 'a1' } };
const retired: NfcCardEvent = {
  type: 'NfcCardRetired',
  data: { code: 'K7M2Q9XA', reason: 'account_deleted' },
};

const given = deciderSpec(nfcCardDecider, { now });

const issue: NfcCardCommand = { type: 'IssueNfcCard', code: 'K7M2Q9XA', orderId: 'o1', accountId: 'a1' };
const markLost = (by = 'a1'): NfcCardCommand => ({ type: 'MarkNfcCardLost', by });
const switchOn = (by = 'a1'): NfcCardCommand => ({ type: 'SwitchNfcCardOn', by });

describe('NFC card decider', () => {
  it('issues a card once; a code is never issued twice', () => {
    given().when(issue).then([issued]);
    given(issued).when(issue).thenThrows(DomainError, CODE_TAKEN);
    given(issued, retired).when(issue).thenThrows(DomainError, CODE_TAKEN);
  });

  it('lets the owner mark a card lost, and marking it lost again records nothing', () => {
    given(issued).when(markLost()).then([lost]);
    given(issued, lost).when(markLost()).thenNothing();
  });

  it('lets the owner switch a lost card back on, and an active one stays as it is', () => {
    given(issued, lost).when(switchOn()).then([switchedOn]);
    given(issued).when(switchOn()).thenNothing();
    given(issued, lost, switchedOn).when(markLost()).then([lost]);
  });

  it("answers anyone but the owner as if the card didn't exist", () => {
    given(issued).when(markLost('a2')).thenThrows(DomainError, CARD_NOT_FOUND);
    given(issued, lost).when(switchOn('a2')).thenThrows(DomainError, CARD_NOT_FOUND);
    given().when(markLost()).thenThrows(DomainError, CARD_NOT_FOUND);
    given().when(switchOn()).thenThrows(DomainError, CARD_NOT_FOUND);
  });

  it('retires a card with its deleted account, for good: nobody switches it on again', () => {
    given(issued).when({ type: 'RetireNfcCard' }).then([retired]);
    given(issued, lost).when({ type: 'RetireNfcCard' }).then([retired]);
    given(issued, retired).when({ type: 'RetireNfcCard' }).thenNothing();
    given().when({ type: 'RetireNfcCard' }).thenNothing();
    given(issued, retired).when(switchOn()).thenThrows(DomainError, CARD_NOT_FOUND);
    given(issued, retired).when(markLost()).thenThrows(DomainError, CARD_NOT_FOUND);
  });
});
