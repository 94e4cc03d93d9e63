import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
import {
  ALREADY_THEIRS,
  CARD_NOT_FOUND,
  CODE_TAKEN,
  type NfcCardCommand,
  NOT_IN_THE_FIRM,
  nfcCardDecider,
} from './decider';
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

  describe('in a firm (issue 32)', () => {
    const firm = { firmId: 'f1', adminId: 'admin', members: ['admin', 'a1', 'a2'] };
    const reassign = (to: string, by = 'admin', of = firm): NfcCardCommand => ({
      type: 'ReassignNfcCard',
      by,
      to,
      firm: of,
    });
    const reassigned: NfcCardEvent = {
      type: 'NfcCardReassigned',
      data: { code: 'K7M2Q9XA', firmId: 'f1', from: 'a1', to: 'a2', by: 'admin' },
    };

    it("lets the admin move a member's card to another member, who then holds it", () => {
      given(issued).when(reassign('a2')).then([reassigned]);
      // The new holder marks it lost; the one before can't any more.
      given(issued, reassigned)
        .when(markLost('a2'))
        .then([{ ...lost, data: { ...lost.data, by: 'a2' } }]);
      given(issued, reassigned).when(markLost('a1')).thenThrows(DomainError, CARD_NOT_FOUND);
      // A lost card moves as it is: the new holder switches it on when it's in their hand.
      given(issued, lost).when(reassign('a2')).then([reassigned]);
    });

    it('keeps a card inside the firm, and answers anyone but the admin as if it did not exist', () => {
      given(issued).when(reassign('stranger')).thenThrows(DomainError, NOT_IN_THE_FIRM);
      given(issued).when(reassign('a2', 'a1')).thenThrows(DomainError, CARD_NOT_FOUND);
      const withoutHolder = { ...firm, members: ['admin', 'a2'] };
      given(issued)
        .when(reassign('a2', 'admin', withoutHolder))
        .thenThrows(DomainError, CARD_NOT_FOUND);
      given(issued, retired).when(reassign('a2')).thenThrows(DomainError, CARD_NOT_FOUND);
      given().when(reassign('a2')).thenThrows(DomainError, CARD_NOT_FOUND);
      given(issued).when(reassign('a1')).thenThrows(DomainError, ALREADY_THEIRS);
    });

    it('moves a card the firm bought on from a member who has left, and no other firm’s admin can', () => {
      const firmsCard: NfcCardEvent = { ...issued, data: { ...issued.data, firmId: 'f1' } };
      given()
        .when({ ...issue, firmId: 'f1' })
        .then([firmsCard]);
      const afterTheyLeft = { ...firm, members: ['admin', 'a2'] };
      given(firmsCard)
        .when(reassign('a2', 'admin', afterTheyLeft))
        .then([reassigned]);
      const anotherFirm = { firmId: 'f2', adminId: 'admin', members: ['admin', 'a2'] };
      given(firmsCard)
        .when(reassign('a2', 'admin', anotherFirm))
        .thenThrows(DomainError, CARD_NOT_FOUND);
    });
  });
});
