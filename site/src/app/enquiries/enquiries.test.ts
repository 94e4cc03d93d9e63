import { describe, expect, it } from 'vitest';
import { enquiriesCount, receivedLabel } from './enquiries';

describe('the Enquiries screen’s words', () => {
  it('says when an enquiry came, on the UK clock', () => {
    expect(receivedLabel({ receivedAt: '2026-07-01T08:30:00Z' })).toBe('Received 1 Jul 2026, 09:30');
    expect(receivedLabel({ receivedAt: '2026-12-01T08:30:00Z' })).toBe('Received 1 Dec 2026, 08:30');
  });

  it('counts them', () => {
    expect(enquiriesCount(1)).toBe('1 enquiry');
    expect(enquiriesCount(3)).toBe('3 enquiries');
  });
});
