import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_FORM_AGE_MS } from '../../api/enquiries/stamp';
import { createTestApp } from '../support/api/app';
import { CUSTOMER_FIELDS, livePage, openForm, requestQuote, sendForm } from '../support/api/quotes';

// Issue 27, findings 6 and 7: one signed form sent 20 times from 4 addresses used up a page's day (20 requests, the
// owner mailed 21 times), and every later customer was refused, a fresh address included, only after typing; and
// five requests to one tradesperson refused the same address's request to another. Limits are now per address and
// page, each form sends once, and a page's later requests are kept without a mail, never refused.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const ATTACKERS = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
const from = (address: string) => ({ 'x-forwarded-for': address });
const quoteMails = async () =>
  (await t.db.selectFrom('mail_outbox').select('id').where('subject', 'like', 'Quote request%').execute())
    .length;

describe('a competitor closing a quote form', () => {
  it('can’t: after the spam run, a fresh address’s request is taken and mailed', async () => {
    await livePage(t, 'dana');
    // The attack as reported: one form, twenty sends from four addresses.
    const { stamp } = await openForm(t, 'dana');
    t.advance(MIN_FORM_AGE_MS);
    const replayed: number[] = [];
    for (let i = 0; i < 20; i++)
      replayed.push(
        (await sendForm(t, { ...CUSTOMER_FIELDS, stamp }, from(ATTACKERS[i % 4] as string), 'dana')).status,
      );
    // And again with a fresh form for each send.
    const fresh: number[] = [];
    for (let i = 0; i < 20; i++)
      fresh.push((await requestQuote(t, {}, from(ATTACKERS[i % 4] as string), 'dana')).status);
    console.log(
      `quote flood: one form sent 20 times → ${replayed.filter((status) => status === 303).length} taken; fresh forms, 20 from 4 addresses → ${fresh.filter((status) => status === 303).length} taken; owner mailed ${await quoteMails()} times`,
    );
    expect(replayed.filter((status) => status === 303)).toHaveLength(1);
    expect(replayed.filter((status) => status === 400)).toHaveLength(19);
    // Three a day from each address to this page: the first send above was one of address 1's.
    expect(fresh.filter((status) => status === 303)).toHaveLength(11);
    expect(await quoteMails()).toBe(12);

    const customer = from('203.0.113.50');
    const form = await openForm(t, 'dana', customer);
    expect(form.response.status).toBe(200);
    expect(form.html).not.toContain('won’t get an email');
    t.advance(MIN_FORM_AGE_MS);
    const sent = await sendForm(
      t,
      { ...CUSTOMER_FIELDS, stamp: form.stamp, name: 'Real Customer' },
      customer,
      'dana',
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/u/dana/quote/sent');
    expect((await t.lastMailTo('dana@example.com')).subject).toBe('Quote request from Real Customer');
  });

  it('turns no customer away from another tradesperson for asking this one', async () => {
    for (const username of ['dana', 'sam', 'lee', 'kit', 'max']) await livePage(t, username);
    const customer = from('203.0.113.60');
    for (let i = 0; i < 3; i++) expect((await requestQuote(t, {}, customer, 'dana')).status).toBe(303);
    for (const username of ['sam', 'lee', 'kit', 'max'])
      expect((await requestQuote(t, {}, customer, username)).status).toBe(303);
  });
});
