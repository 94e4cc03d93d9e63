import { describe, expect, it } from 'vitest';
import { enquiriesCount, receivedLabel } from './enquiries';

describe('the Enquiries screen’s words', () => {
  it('says when an enquiry came, on the UK clock', () => {
    const mailed = { keptWithoutMail: false };
    expect(receivedLabel({ ...mailed, receivedAt: '2026-07-01T08:30:00Z' })).toBe(
      'Received 1 Jul 2026, 09:30',
    );
    expect(receivedLabel({ ...mailed, receivedAt: '2026-12-01T08:30:00Z' })).toBe(
      'Received 1 Dec 2026, 08:30',
    );
    expect(receivedLabel({ keptWithoutMail: true, receivedAt: '2026-12-01T08:30:00Z' })).toBe(
      'Received 1 Dec 2026, 08:30 · no email sent: it came after the 20 people we mail you about in a day, so a flood of requests can’t fill your inbox',
    );
  });

  it('counts them', () => {
    expect(enquiriesCount(1)).toBe('1 enquiry');
    expect(enquiriesCount(3)).toBe('3 enquiries');
  });
});
