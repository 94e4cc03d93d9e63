import { describe, expect, it } from 'vitest';
import { pageDownUnpaidMail } from './plan-templates';

describe('pageDownUnpaidMail', () => {
  const facts = {
    name: 'Dana',
    amount: 495,
    pageUrl: 'https://tradecard.test/u/dana',
    orderId: 'ord_1',
    billingUrl: 'https://tradecard.test/billing',
  };

  it('says the page is offline only when it is: a free trial still running keeps it up until it ends', () => {
    expect(pageDownUnpaidMail({ ...facts, trialRunsUntil: null }).subject).toBe(
      'Your TradeCard payment didn’t go through: your page is offline',
    );
    const inTrial = pageDownUnpaidMail({ ...facts, trialRunsUntil: '2026-12-06T09:00:00.000Z' });
    expect(inTrial.subject).toBe(
      'Your TradeCard payment didn’t go through: your page goes offline when your trial ends',
    );
    expect(inTrial.text).toContain(
      'so your page stays live only until your free trial ends on 6 December 2026',
    );
  });
});
