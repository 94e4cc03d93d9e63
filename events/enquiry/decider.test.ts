import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
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

const given = deciderSpec(enquiryDecider, { now });

const receive: EnquiryCommand = { type: 'ReceiveEnquiry', ...enquiry };
const mark = (status: 'new' | 'replied' | 'won' | 'lost', by = 'a1'): EnquiryCommand => ({
  type: 'ChangeEnquiryStatus',
  status,
  by,
});

describe('enquiry decider', () => {
  it('receives an enquiry once', () => {
    given().when(receive).then([received]);
    given(received).when(receive).thenThrows(DomainError, 'already received');
    given(received, erased).when(receive).thenThrows(DomainError, 'already received');
  });

  it('starts new and lets the owner move it along, recording nothing when it is there already', () => {
    given(received).when(mark('new')).thenNothing();
    given(received)
      .when(mark('replied'))
      .then([changed('replied')]);
    given(received, changed('replied'))
      .when(mark('won'))
      .then([changed('won')]);
    given(received, changed('won')).when(mark('won')).thenNothing();
    // A mis-click is put right: a lost job marked won, or one put back to new.
    given(received, changed('lost'))
      .when(mark('won'))
      .then([changed('won')]);
    given(received, changed('replied'))
      .when(mark('new'))
      .then([changed('new')]);
  });

  it("answers anyone but the owner as if the enquiry didn't exist", () => {
    given(received).when(mark('won', 'a2')).thenThrows(DomainError, ENQUIRY_NOT_FOUND);
    given().when(mark('won')).thenThrows(DomainError, ENQUIRY_NOT_FOUND);
  });

  it('erases an enquiry with its account, for good: nobody changes it again', () => {
    given(received).when({ type: 'EraseEnquiry' }).then([erased]);
    given(received, changed('won')).when({ type: 'EraseEnquiry' }).then([erased]);
    given(received, erased).when({ type: 'EraseEnquiry' }).thenNothing();
    given().when({ type: 'EraseEnquiry' }).thenNothing();
    given(received, erased).when(mark('won')).thenThrows(DomainError, ENQUIRY_NOT_FOUND);
  });

  it('lets the owner delete one enquiry, for good; a second press records nothing', () => {
    const deleted: EnquiryEvent = {
      type: 'EnquiryErased',
      data: { enquiryId: 'e1', accountId: 'a1', by: 'a1' },
    };
    const remove = (by = 'a1'): EnquiryCommand => ({ type: 'DeleteEnquiry', by });
    given(received).when(remove()).then([deleted]);
    given(received, changed('won')).when(remove()).then([deleted]);
    given(received, deleted).when(remove()).thenNothing();
    given(received, deleted).when(mark('won')).thenThrows(DomainError, ENQUIRY_NOT_FOUND);
  });

  it("answers anyone but the owner's delete as if the enquiry didn't exist, erased or not", () => {
    const remove: EnquiryCommand = { type: 'DeleteEnquiry', by: 'a2' };
    given(received).when(remove).thenThrows(DomainError, ENQUIRY_NOT_FOUND);
    given(received, erased).when(remove).thenThrows(DomainError, ENQUIRY_NOT_FOUND);
    given().when(remove).thenThrows(DomainError, ENQUIRY_NOT_FOUND);
  });

  it('keeps nothing the customer wrote in the state once erased', () => {
    const state = [received, changed('won'), erased].reduce(
      enquiryDecider.evolve,
      enquiryDecider.initialState(),
    );
    expect(state).toEqual({ status: 'erased', enquiryId: 'e1', accountId: 'a1' });
  });
});
