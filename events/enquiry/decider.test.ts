import { describe, expect, it } from 'vitest';
import { ENQUIRY_NOT_FOUND, type EnquiryCommand, enquiryDecider } from './decider';
import type { EnquiryEvent, ReceivedEnquiry } from './events';

const now = new Date('2026-11-26T10:00:00Z');
const enquiry: ReceivedEnquiry = {
  enquiryId: 'e1',
  accountId: 'a1',
  name: 'Pat Customer',
  phone: '07700 900123',
  email: 'pat@example.com',
  postcode: 'BS3 1AA',
  job: 'A dripping tap in the kitchen.',
  photos: [{ id: 'a'.repeat(24), width: 1600, height: 1200, widths: [320, 640, 1280, 1600] }],
  receivedAt: now.toISOString(),
};
const received: EnquiryEvent = { type: 'EnquiryReceived', data: enquiry };
const changed = (status: 'new' | 'replied' | 'won' | 'lost'): EnquiryEvent => ({
  type: 'EnquiryStatusChanged',
  data: { enquiryId: 'e1', status, by: 'a1' },
});
const erased: EnquiryEvent = { type: 'EnquiryErased', data: { enquiryId: 'e1', accountId: 'a1' } };

function given(...events: EnquiryEvent[]) {
  const state = events.reduce(enquiryDecider.evolve, enquiryDecider.initialState());
  return { when: (command: EnquiryCommand) => () => enquiryDecider.decide(command, state, now) };
}

const receive: EnquiryCommand = { type: 'ReceiveEnquiry', ...enquiry };
const mark = (status: 'new' | 'replied' | 'won' | 'lost', by = 'a1'): EnquiryCommand => ({
  type: 'ChangeEnquiryStatus',
  status,
  by,
});

describe('enquiry decider', () => {
  it('receives an enquiry once', () => {
    expect(given().when(receive)()).toEqual([received]);
    expect(given(received).when(receive)).toThrow('already received');
    expect(given(received, erased).when(receive)).toThrow('already received');
  });

  it('starts new and lets the owner move it along, recording nothing when it is there already', () => {
    expect(given(received).when(mark('new'))()).toEqual([]);
    expect(given(received).when(mark('replied'))()).toEqual([changed('replied')]);
    expect(given(received, changed('replied')).when(mark('won'))()).toEqual([changed('won')]);
    expect(given(received, changed('won')).when(mark('won'))()).toEqual([]);
    // A mis-click is put right: a lost job marked won, or one put back to new.
    expect(given(received, changed('lost')).when(mark('won'))()).toEqual([changed('won')]);
    expect(given(received, changed('replied')).when(mark('new'))()).toEqual([changed('new')]);
  });

  it("answers anyone but the owner as if the enquiry didn't exist", () => {
    expect(given(received).when(mark('won', 'a2'))).toThrow(ENQUIRY_NOT_FOUND);
    expect(given().when(mark('won'))).toThrow(ENQUIRY_NOT_FOUND);
  });

  it('erases an enquiry with its account, for good: nobody changes it again', () => {
    expect(given(received).when({ type: 'EraseEnquiry' })()).toEqual([erased]);
    expect(given(received, changed('won')).when({ type: 'EraseEnquiry' })()).toEqual([erased]);
    expect(given(received, erased).when({ type: 'EraseEnquiry' })()).toEqual([]);
    expect(given().when({ type: 'EraseEnquiry' })()).toEqual([]);
    expect(given(received, erased).when(mark('won'))).toThrow(ENQUIRY_NOT_FOUND);
  });

  it('lets the owner delete one enquiry, for good; a second press records nothing', () => {
    const deleted: EnquiryEvent = {
      type: 'EnquiryErased',
      data: { enquiryId: 'e1', accountId: 'a1', by: 'a1' },
    };
    const remove = (by = 'a1'): EnquiryCommand => ({ type: 'DeleteEnquiry', by });
    expect(given(received).when(remove())()).toEqual([deleted]);
    expect(given(received, changed('won')).when(remove())()).toEqual([deleted]);
    expect(given(received, deleted).when(remove())()).toEqual([]);
    expect(given(received, deleted).when(mark('won'))).toThrow(ENQUIRY_NOT_FOUND);
  });

  it("answers anyone but the owner's delete as if the enquiry didn't exist, erased or not", () => {
    const remove: EnquiryCommand = { type: 'DeleteEnquiry', by: 'a2' };
    expect(given(received).when(remove)).toThrow(ENQUIRY_NOT_FOUND);
    expect(given(received, erased).when(remove)).toThrow(ENQUIRY_NOT_FOUND);
    expect(given().when(remove)).toThrow(ENQUIRY_NOT_FOUND);
  });

  it('keeps nothing the customer wrote in the state once erased', () => {
    const state = [received, changed('won'), erased].reduce(
      enquiryDecider.evolve,
      enquiryDecider.initialState(),
    );
    expect(state).toEqual({ status: 'erased', enquiryId: 'e1', accountId: 'a1' });
  });
});
