import { describe, expect, it } from 'vitest';
import type { EnquiryReceived } from '../../../events/enquiry/events';
import { MAX_PHOTOS } from '../../../events/enquiry/input';
import { PRIVACY_POLICY } from './policy-texts/privacy';

/**
 * How the policy names each thing a quote request keeps (events/enquiry/events.ts): a new field in the event must be
 * named there too. The ids say whose it is, which the policy covers by saying who sees it.
 */
const NAMED: Record<keyof typeof EnquiryReceived.shape.data.shape, string | null> = {
  enquiryId: null,
  accountId: null,
  name: 'their name',
  phone: 'a phone number',
  email: 'an email address',
  postcode: 'the postcode of the job',
  job: 'what the job is',
  photos: `up to ${MAX_PHOTOS} photos`,
  receivedAt: 'when it was sent',
  keptWithoutMail: null,
};

// Issue 17: the privacy policy says what a quote request stores, who sees it, and when it goes.
describe('the privacy policy on quote requests', () => {
  const section = PRIVACY_POLICY.sections.find((each) => each.heading === 'Quote requests through a page');
  const text = (section?.paragraphs ?? []).join(' ');

  it('names everything a request keeps', () => {
    for (const words of Object.values(NAMED)) if (words) expect(text).toContain(words);
  });

  it('says who sees a request, that its owner can delete it, and that it is erased with the account', () => {
    expect(text).toContain('Only the page’s owner sees a quote request');
    expect(text).toContain('until the owner deletes it from their Enquiries page');
    expect(text).toContain('erased with it, photos included');
    const kept = PRIVACY_POLICY.sections.find((each) => each.heading === 'How long we keep it');
    expect(kept?.list?.some((item) => item.startsWith('Quote requests to your page'))).toBe(true);
  });
});
