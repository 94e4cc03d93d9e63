import { describe, expect, it } from 'vitest';
import { estimatedDelivery } from '../../../events/order/decider';
import { UK_DELIVERY } from './delivery';
import { FAQ_SECTIONS } from './faq';
import { POLICIES } from './policies';

const faqText = JSON.stringify(FAQ_SECTIONS);
const policyText = JSON.stringify(POLICIES);

// Issue 14: the success page said 1–4 days, the shipping policy 2–4 days to make and 3–7 to deliver, and both
// policy and FAQ offered an express service that no checkout sells.
describe('the delivery promise', () => {
  it('is the same on the success page, in the shipping policy and in the FAQ', () => {
    expect(estimatedDelivery(new Date('2026-11-22T10:00:00Z'))).toBe('23–26 November 2026');
    expect(UK_DELIVERY).toContain('1–4 days after you pay');
    expect(faqText).toContain(UK_DELIVERY);
    expect(policyText).toContain(UK_DELIVERY);
  });

  it('never offers express delivery', () => {
    expect(faqText).not.toMatch(/express/i);
    expect(policyText).not.toMatch(/express/i);
  });

  it('gives no other UK delivery time', () => {
    for (const text of [faqText, policyText]) expect(text).not.toMatch(/2–4 business days|3–7/);
  });
});
