import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENQUIRY_NOT_FOUND } from '../../events/enquiry/decider';
import { createTestApp } from '../../tests/support/api/app';
import { livePage, requestQuote } from '../../tests/support/api/quotes';
import {
  REVIEW_REQUESTS_PER_DAY,
  reviewTokenHash,
  TOO_MANY_REVIEW_REQUESTS,
  VERIFY_BEFORE_ASKING,
} from '../reviews/request';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const ask = (token: string, body: unknown) => t.call('POST', '/api/review-requests', body, token);
const LINK = /^https:\/\/tradecard\.test\/u\/dana\/review\/([A-Za-z0-9_-]{32})$/;
const reviewRows = () => t.db.selectFrom('reviews').selectAll().orderBy('requested_at').execute();

describe('asking a customer for a review: POST /api/review-requests', () => {
  it('answers 201 with a single-use link and the message to send it with, and mails it when given an address', async () => {
    const dana = await livePage(t);
    const asked = await ask(dana, { name: 'Pat Customer', email: 'pat@example.com' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ success: true, mailed: true, url: expect.stringMatching(LINK) });
    expect(asked.body.message).toBe(
      `Hi Pat, thanks for choosing Dana Pipe. Would you leave a quick review of the job? It takes a minute: ${asked.body.url}`,
    );
    // Only the token's hash is kept, in the table and the log.
    const token = LINK.exec(asked.body.url)?.[1] as string;
    const [row] = await reviewRows();
    expect(row).toMatchObject({
      customer_name: 'Pat Customer',
      status: 'requested',
      token_hash: reviewTokenHash(token),
    });
    const log = await t.db
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'ReviewRequested')
      .execute();
    expect(JSON.stringify(log)).not.toContain(token);

    await t.deliverMail();
    const mail = await t.lastMailTo('pat@example.com');
    expect(mail.subject).toBe('Dana Pipe would like your review');
    expect(mail.text).toContain(`Leave a review: ${asked.body.url}`);
    expect(mail.text).toContain('The link works once and lasts 30 days.');

    const noEmail = await ask(dana, { name: 'Lee', email: '' });
    expect(noEmail.status).toBe(201);
    expect(noEmail.body.mailed).toBe(false);
    expect(noEmail.body.url).not.toBe(asked.body.url);
  });

  it('refuses what it can’t use, with a sentence, and keeps nothing', async () => {
    const dana = await livePage(t);
    expect(await ask(dana, { email: 'pat@example.com' })).toMatchObject({
      status: 400,
      body: { error: 'Please give the customer’s name.' },
    });
    expect(await ask(dana, { name: 'Pat', email: 'not an address' })).toMatchObject({
      status: 400,
      body: { error: 'Please enter an email address like name@example.com.' },
    });
    expect(await ask(dana, { name: 'x'.repeat(81) })).toMatchObject({ status: 400 });
    expect((await ask('', { name: 'Pat' })).status).toBe(401);
    expect(await reviewRows()).toEqual([]);
  });

  it('only for an owner whose own address is verified, and at most 30 a day', async () => {
    // Sessions come only after the address is proved; should one outlive it, no mail goes in an unproved name.
    const una = await livePage(t, 'una');
    await t.db.updateTable('users').set({ is_verified: 0 }).where('username', '=', 'una').execute();
    expect(await ask(una, { name: 'Pat' })).toMatchObject({
      status: 403,
      body: { error: VERIFY_BEFORE_ASKING },
    });

    const dana = await livePage(t);
    for (let i = 0; i < REVIEW_REQUESTS_PER_DAY; i++)
      expect((await ask(dana, { name: `Customer ${i}` })).status).toBe(201);
    expect(await ask(dana, { name: 'One more' })).toMatchObject({
      status: 429,
      body: { error: TOO_MANY_REVIEW_REQUESTS },
    });
    t.advance(24 * 3600_000 + 1000);
    expect((await ask(dana, { name: 'Next day' })).status).toBe(201);
  });
});

describe('asking the customer of an enquiry: POST /api/enquiries/:id/review-request', () => {
  it('uses the enquiry’s name, address and job, for its owner only', async () => {
    const dana = await livePage(t);
    const sam = await livePage(t, 'sam');
    await requestQuote(t);
    const [enquiry] = (await t.call('GET', '/api/enquiries', undefined, dana)).body.data;
    const path = `/api/enquiries/${enquiry.id}/review-request`;

    expect(await t.call('POST', path, undefined, sam)).toMatchObject({
      status: 404,
      body: { error: ENQUIRY_NOT_FOUND },
    });
    const asked = await t.call('POST', path, undefined, dana);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ mailed: true, url: expect.stringMatching(LINK) });
    const [row] = await reviewRows();
    expect(row).toMatchObject({
      customer_name: 'Pat Customer',
      email: 'pat@example.com',
      enquiry_id: enquiry.id,
      job: 'The kitchen tap drips.',
    });
    await t.deliverMail();
    expect((await t.lastMailTo('pat@example.com')).text).toContain('“The kitchen tap drips.”');
  });
});
