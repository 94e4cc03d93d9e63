import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replay } from '../../events/replay';
import { createTestApp } from '../../tests/support/api/app';
import { daysPass, subscribeAtHostedCheckout } from '../../tests/support/api/payments/flows';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const DANA = 'dana@example.com';

/** Subjects of every mail Dana has had, oldest first, leaving out the sign-up's verification code. */
const subjectsToDana = async () =>
  (await t.outbox())
    .filter((mail) => JSON.stringify(mail.to).includes(DANA))
    .map((mail) => mail.subject ?? '')
    .filter((subject) => subject !== 'Your TradeCard verification code');

const mailTo = async (subject: string | RegExp): Promise<ParsedMail> => {
  const found = (await t.outbox()).findLast(
    (mail) => JSON.stringify(mail.to).includes(DANA) && new RegExp(subject).test(mail.subject ?? ''),
  );
  if (!found) throw new Error(`No mail “${subject}” to ${DANA}`);
  return found;
};

/** Each button's link in the HTML part, which the plain-text part must also spell out. */
const links = (mail: ParsedMail) => [...String(mail.html).matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);

const expectOneButtonTo = (mail: ParsedMail, label: string, url: string) => {
  expect(links(mail)).toEqual([url]);
  expect(String(mail.html)).toContain(`>${label}</a>`);
  expect(mail.text).toContain(`${label}: ${url}`);
};

/** Nothing more goes out when every webhook arrives again, nor when the tables are rebuilt from the log. */
async function expectNoMoreOnDuplicatesOrReplay() {
  const before = await subjectsToDana();
  const simulator = t.deps.stripeSimulator;
  if (!simulator) throw new Error('The test app runs without the simulator.');
  for (const event of await simulator.events()) await simulator.resendEvent(event.id);
  await replay(t.db);
  expect(await subjectsToDana()).toEqual(before);
}

const startTrial = async (token: string) =>
  expect((await t.call('POST', '/api/trial/start', {}, token)).status).toBeLessThan(300);

const TRIAL_STARTED = 'Your TradeCard page is live: your 14-day free trial has started';

const publish = async (token: string, fullName = 'Dana Pipe') =>
  expect(
    (
      await t.call(
        'POST',
        '/api/business-card/create_business_card',
        { fullName, jobTitle: 'Plumber' },
        token,
      )
    ).status,
  ).toBe(200);

describe('the free trial’s mail (the account’s trial, started at the first publish)', () => {
  it('warns three days ahead once, says the page went offline once, and links to the plan page', async () => {
    let token = await t.signUp();
    await startTrial(token);

    token = await daysPass(t, 10);
    expect(await subjectsToDana()).toEqual([TRIAL_STARTED]);
    token = await daysPass(t, 1);
    await daysPass(t, 1);
    expect(await subjectsToDana()).toEqual([TRIAL_STARTED, 'Your TradeCard free trial ends in 3 days']);
    const soon = await mailTo('ends in 3 days');
    expect(soon.text).toContain('Your free trial ends on 6 December 2026 at 09:00 (UK time).');
    expect(soon.text).toContain('Then your page goes offline');
    expect(soon.text).toContain('Your page: https://tradecard.test/u/dana');
    expectOneButtonTo(soon, 'Subscribe – £4.95/month', 'https://tradecard.test/subscription');

    token = await daysPass(t, 2);
    await daysPass(t, 1);
    expect(await subjectsToDana()).toEqual([
      TRIAL_STARTED,
      'Your TradeCard free trial ends in 3 days',
      'Your TradeCard free trial has ended: your page is offline',
    ]);
    const ended = await mailTo('has ended');
    expect(ended.text).toContain('Your free trial ended on 6 December 2026 at 09:00 (UK time)');
    expectOneButtonTo(ended, 'Subscribe – £4.95/month', 'https://tradecard.test/subscription');
    await expectNoMoreOnDuplicatesOrReplay();

    // The mail's button leads to the plan page, whose checkout is paid from today: no second trial.
    token = await daysPass(t, 0);
    await subscribeAtHostedCheckout(t, token);
    expect((await subjectsToDana()).at(-1)).toBe('Your TradeCard subscription is active');
  });

  it('tells a subscriber in the trial when the first charge comes, then sends its receipt, not “ended”', async () => {
    let token = await t.signUp();
    await startTrial(token);
    await subscribeAtHostedCheckout(t, token);
    token = await daysPass(t, 11);
    const soon = await mailTo('ends in 3 days');
    expect(soon.text).toContain(
      'Your plan then carries on: we will charge your card £4.95 on 6 December 2026, and your page stays live.',
    );
    expectOneButtonTo(soon, 'View your plan', 'https://tradecard.test/myorders');

    await daysPass(t, 3);
    expect(await subjectsToDana()).toEqual([
      TRIAL_STARTED,
      // The plan taken out in the trial carries it on (ADR 009): its own mail says when the first charge comes.
      'Your TradeCard free trial has started',
      'Your TradeCard free trial ends in 3 days',
      'Your TradeCard receipt – £4.95',
    ]);
    const receipt = await mailTo('receipt');
    expect(receipt.text).toContain('Paid: £4.95\nDate: 6 December 2026\nInvoice: TC-0002');
    expect(receipt.text).toContain('Next charge on: 6 January 2027');
    expectOneButtonTo(receipt, 'View billing and receipts', 'https://tradecard.test/billing');
    await expectNoMoreOnDuplicatesOrReplay();

    await daysPass(t, 31);
    expect((await subjectsToDana()).filter((s) => s.includes('receipt'))).toHaveLength(2);
  });
});

describe('the plan’s mail', () => {
  it('a failed payment: once per invoice, with the next try and a button to replace the card', async () => {
    const token = await t.signUp();
    await subscribeAtHostedCheckout(t, token, '0341');
    await daysPass(t, 14);
    const failed = await mailTo('didn’t go through');
    expect(failed.text).toContain(
      'We couldn’t take your £4.95 payment for your TradeCard plan on 6 December 2026.',
    );
    expect(failed.text).toContain(
      'We will try your card again on 9 December 2026. Your page stays live meanwhile',
    );
    expectOneButtonTo(failed, 'Update your card', 'https://tradecard.test/billing');
    await expectNoMoreOnDuplicatesOrReplay();

    // The retries fail too: no more of the same mail, and when the last one fails the plan ends.
    await daysPass(t, 3);
    await daysPass(t, 3);
    expect((await subjectsToDana()).filter((s) => s.includes('didn’t go through'))).toHaveLength(1);
    await daysPass(t, 3);
    expect((await subjectsToDana()).at(-1)).toBe('Your TradeCard plan has ended');
    const ended = await mailTo('plan has ended');
    expect(ended.text).toContain('Your TradeCard plan ended on 15 December 2026. Your page is offline');
    expectOneButtonTo(ended, 'Subscribe again – £4.95/month', 'https://tradecard.test/subscription');
    await expectNoMoreOnDuplicatesOrReplay();
  });

  it('retries given up with the plan kept unpaid: once, the page is down, a button to replace the card', async () => {
    t.deps.stripeSimulator?.setAfterLastRetry('unpaid');
    const token = await t.signUp();
    const { id } = await subscribeAtHostedCheckout(t, token, '0341');
    await daysPass(t, 14);
    for (let retry = 0; retry < 3; retry++) await daysPass(t, 3);
    expect(await subjectsToDana()).toEqual([
      'Your TradeCard free trial has started',
      'Your TradeCard payment didn’t go through',
      'Your TradeCard payment didn’t go through: your page is offline',
    ]);
    const down = await mailTo('your page is offline');
    expect(down.text).toContain(
      'We tried your card several times but couldn’t take your £4.95 payment for your TradeCard plan, so your page is offline: visitors see a page saying it isn’t live.',
    );
    expect(down.text).toContain(
      'Everything you built is kept. Update your card and we take the payment straight away: your page is back online as soon as it has gone through.',
    );
    expect(down.text).toContain(
      `Amount due: £4.95\nYour page: https://tradecard.test/u/dana\nReference: ${id}`,
    );
    expectOneButtonTo(down, 'Update your card', 'https://tradecard.test/billing');
    await expectNoMoreOnDuplicatesOrReplay();
    await daysPass(t, 31);
    expect(await subjectsToDana()).toHaveLength(3);
  });

  it('set to cancel: once, with the date and a button to keep it; then ended, without “trial ended”', async () => {
    let token = await t.signUp();
    const plan = await subscribeAtHostedCheckout(t, token);
    for (let i = 0; i < 2; i++)
      expect((await t.call('POST', '/api/cancel-subscription', { id: plan.id }, token)).status).toBe(200);
    const cancelling = await mailTo('set to cancel');
    expect(cancelling.subject).toBe('Your TradeCard plan is set to cancel on 6 December 2026');
    expect(cancelling.text).toContain(
      'It runs until 6 December 2026 at 09:00 (UK time): your page stays live until then, and then goes offline.',
    );
    expect(cancelling.text).toContain('You won’t be charged.');
    expectOneButtonTo(cancelling, 'Keep my plan', 'https://tradecard.test/myorders');
    await expectNoMoreOnDuplicatesOrReplay();

    token = await daysPass(t, 11);
    const soon = await mailTo('ends in 3 days');
    expect(soon.text).toContain('Your plan is set to cancel, so it ends then and your page goes offline');
    expectOneButtonTo(soon, 'Keep my plan', 'https://tradecard.test/myorders');

    await daysPass(t, 3);
    expect(await subjectsToDana()).toEqual([
      'Your TradeCard free trial has started',
      'Your TradeCard plan is set to cancel on 6 December 2026',
      'Your TradeCard free trial ends in 3 days',
      'Your TradeCard plan has ended',
    ]);
    await expectNoMoreOnDuplicatesOrReplay();
  });

  it('sends nothing about the plan of an account being deleted, only that the account is', async () => {
    const token = await t.signUp();
    await subscribeAtHostedCheckout(t, token);
    const before = await subjectsToDana();
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    await t.deps.stripeSimulator?.tick();
    expect(await subjectsToDana()).toEqual([...before, 'Your TradeCard account has been deleted']);
  });
});

describe('the account’s own mail (issue 28)', () => {
  it('says the trial has started when the first publish starts it, once', async () => {
    const token = await t.signUp();
    await publish(token);
    expect(await subjectsToDana()).toEqual([TRIAL_STARTED]);
    const started = await mailTo(TRIAL_STARTED);
    expect(started.text).toContain(
      'Your free trial has started: your page is live until 6 December 2026 at 09:00 (UK time), free, with no card needed.',
    );
    expect(started.text).toContain('Free trial until: 6 December 2026 at 09:00 (UK time)');
    expectOneButtonTo(started, 'View your page', 'https://tradecard.test/u/dana');

    // Publishing again, or asking for the trial it already has, starts nothing and tells nothing.
    await publish(token, 'Dana P. Pipe');
    await startTrial(token);
    await expectNoMoreOnDuplicatesOrReplay();
    expect(await subjectsToDana()).toEqual([TRIAL_STARTED]);
  });

  it('tells a subscriber who then publishes of no trial: the plan’s own mail said it', async () => {
    const token = await t.signUp();
    await subscribeAtHostedCheckout(t, token);
    await publish(token);
    expect(await subjectsToDana()).toEqual(['Your TradeCard free trial has started']);
  });

  it('confirms a deletion once, saying what was erased and what the law keeps, and keeps nothing of it', async () => {
    const token = await t.signUp();
    await publish(token);
    expect(await subjectsToDana()).toEqual([TRIAL_STARTED]);
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    expect(await subjectsToDana()).toEqual([TRIAL_STARTED, 'Your TradeCard account has been deleted']);
    const gone = await mailTo('has been deleted');
    expect(gone.text).toMatch(
      /^Hi there,\n\nAs you asked, we deleted your TradeCard account on 22 November 2026\./,
    );
    expect(gone.text).toContain('Erased: your name, email address and password, your page');
    expect(gone.text).toContain(
      'the record of each payment you made (what it was for, the amount and the date, without your name, email or address), for 6 years after the end of the financial year they belong to, as HMRC requires.',
    );
    expect(gone.text).toContain('Address reserved until: 22 November 2027');
    expect(gone.text).not.toContain('refunded');
    // Nothing of the person beyond the address it went to: not their name, nor their page's.
    for (const personal of ['Dana', '/u/dana']) expect(gone.text).not.toContain(personal);
    expect(links(gone)).toEqual([]);
    // Its row keeps neither what it said nor where it went.
    const rows = await t.db.selectFrom('mail_outbox').select(['to_address', 'subject']).execute();
    expect(rows.filter((row) => row.to_address.includes(DANA))).toEqual([]);
    await expectNoMoreOnDuplicatesOrReplay();
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(401);
    expect(await subjectsToDana()).toHaveLength(2);
  });
});
