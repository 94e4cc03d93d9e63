import { describe, expect, it } from 'vitest';
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

function given(...events: NfcCardEvent[]) {
  const state = events.reduce(nfcCardDecider.evolve, nfcCardDecider.initialState());
  return { when: (command: NfcCardCommand) => () => nfcCardDecider.decide(command, state, now) };
}

const issue: NfcCardCommand = { type: 'IssueNfcCard', code: 'K7M2Q9XA', orderId: 'o1', accountId: 'a1' };
const markLost = (by = 'a1'): NfcCardCommand => ({ type: 'MarkNfcCardLost', by });
const switchOn = (by = 'a1'): NfcCardCommand => ({ type: 'SwitchNfcCardOn', by });

describe('NFC card decider', () => {
  it('issues a card once; a code is never issued twice', () => {
    expect(given().when(issue)()).toEqual([issued]);
    expect(given(issued).when(issue)).toThrow(CODE_TAKEN);
    expect(given(issued, retired).when(issue)).toThrow(CODE_TAKEN);
  });

  it('lets the owner mark a card lost, and marking it lost again records nothing', () => {
    expect(given(issued).when(markLost())()).toEqual([lost]);
    expect(given(issued, lost).when(markLost())()).toEqual([]);
  });

  it('lets the owner switch a lost card back on, and an active one stays as it is', () => {
    expect(given(issued, lost).when(switchOn())()).toEqual([switchedOn]);
    expect(given(issued).when(switchOn())()).toEqual([]);
    expect(given(issued, lost, switchedOn).when(markLost())()).toEqual([lost]);
  });

  it("answers anyone but the owner as if the card didn't exist", () => {
    expect(given(issued).when(markLost('a2'))).toThrow(CARD_NOT_FOUND);
    expect(given(issued, lost).when(switchOn('a2'))).toThrow(CARD_NOT_FOUND);
    expect(given().when(markLost())).toThrow(CARD_NOT_FOUND);
    expect(given().when(switchOn())).toThrow(CARD_NOT_FOUND);
  });

  it('retires a card with its deleted account, for good: nobody switches it on again', () => {
    expect(given(issued).when({ type: 'RetireNfcCard' })()).toEqual([retired]);
    expect(given(issued, lost).when({ type: 'RetireNfcCard' })()).toEqual([retired]);
    expect(given(issued, retired).when({ type: 'RetireNfcCard' })()).toEqual([]);
    expect(given().when({ type: 'RetireNfcCard' })()).toEqual([]);
    expect(given(issued, retired).when(switchOn())).toThrow(CARD_NOT_FOUND);
    expect(given(issued, retired).when(markLost())).toThrow(CARD_NOT_FOUND);
  });
});
