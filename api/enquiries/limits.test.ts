import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase, type TestDatabase } from '../../tests/support/events/db';
import {
  countQuoteRequest,
  KEPT_PER_PAGE_PER_DAY,
  MAILED_ADDRESSES_PER_PAGE_PER_DAY,
  QUOTES_PER_ADDRESS_PER_HOUR,
  QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY,
  type QuoteRequester,
  quoteVerdict,
  stampUsed,
} from './limits';
import { MAX_FORM_AGE_MS } from './stamp';

const now = new Date('2026-11-28T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const PAGE = '6f1c2d3e-0000-4000-8000-000000000001';
let t: TestDatabase;

beforeEach(async () => {
  t = await openTempDatabase();
});
afterEach(async () => {
  await t.close();
});

/** A request let through, as the quote form records one: checked and counted in one transaction. */
const send = (requester: QuoteRequester, at = now) =>
  t.db.transaction().execute(async (trx) => {
    const verdict = await quoteVerdict(trx, requester, at);
    if (verdict.kind !== 'refuse') await countQuoteRequest(trx, { ...requester, nonce: randomUUID() }, at);
    return verdict;
  });

describe('the quote limits (issue 27)', () => {
  it(`let ${QUOTES_PER_ADDRESS_PER_HOUR} requests an hour from one address across pages, and no more`, async () => {
    const addressKey = 'address-one';
    for (let i = 0; i < QUOTES_PER_ADDRESS_PER_HOUR; i++)
      expect(await send({ accountId: randomUUID(), addressKey })).toEqual({ kind: 'mail' });
    const over = await quoteVerdict(t.db, { accountId: randomUUID(), addressKey }, now);
    expect(over).toMatchObject({ kind: 'refuse', reason: 'address_limit' });
    expect(over.kind === 'refuse' && over.seconds).toBe(3600);
    expect(await send({ accountId: randomUUID(), addressKey: 'address-two' })).toEqual({ kind: 'mail' });
    expect(await quoteVerdict(t.db, { accountId: randomUUID(), addressKey }, later(3600_000))).toEqual({
      kind: 'mail',
    });
  });

  it(`count requests sent at once one after another: ${QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY} of a burst to one page go`, async () => {
    const requester = { accountId: PAGE, addressKey: 'address-one' };
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => send(requester)));
    expect(verdicts.filter((verdict) => verdict.kind === 'mail')).toHaveLength(
      QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY,
    );
    expect(verdicts.filter((verdict) => verdict.kind === 'refuse')).toHaveLength(
      8 - QUOTES_PER_ADDRESS_PER_PAGE_PER_DAY,
    );
  });

  it(`mail a page's first ${MAILED_ADDRESSES_PER_PAGE_PER_DAY} addresses of a day; keep later ones, up to ${KEPT_PER_PAGE_PER_DAY}`, async () => {
    for (let i = 0; i < MAILED_ADDRESSES_PER_PAGE_PER_DAY; i++)
      expect(await send({ accountId: PAGE, addressKey: `address-${i}` })).toEqual({ kind: 'mail' });
    expect(await quoteVerdict(t.db, { accountId: PAGE, addressKey: 'address-new' }, now)).toEqual({
      kind: 'keep',
    });
    expect(await quoteVerdict(t.db, { accountId: PAGE, addressKey: 'address-0' }, now)).toEqual({
      kind: 'mail',
    });
    expect(await quoteVerdict(t.db, { accountId: randomUUID(), addressKey: 'address-new' }, now)).toEqual({
      kind: 'mail',
    });

    // The page's day's requests kept without a mail, as the enquiries read model lists them.
    const keptAt = (i: number) => new Date(now.getTime() - 3600_000 + i * 1000).toISOString();
    await t.db
      .insertInto('enquiries')
      .values(
        Array.from({ length: KEPT_PER_PAGE_PER_DAY }, (_, i) => ({
          enquiry_id: randomUUID(),
          account_id: PAGE,
          name: `Customer ${i}`,
          phone: '07700 900456',
          email: null,
          postcode: null,
          job: 'A tap',
          photos: '[]',
          status: 'new' as const,
          received_at: keptAt(i),
          status_changed_at: null,
          kept_without_mail: 1,
        })),
      )
      .execute();
    const full = await quoteVerdict(t.db, { accountId: PAGE, addressKey: 'address-new' }, now);
    expect(full).toEqual({ kind: 'refuse', reason: 'page_limit', seconds: 23 * 3600 });
    // An address already mailed today is still mailed: the cap is on strangers, not on the owner's customers.
    expect(await quoteVerdict(t.db, { accountId: PAGE, addressKey: 'address-3' }, now)).toEqual({
      kind: 'mail',
    });
  });

  it('know a form already used until it could no longer be sent anyway', async () => {
    const nonce = 'AAAAAAAAAAAAAAAA';
    expect(await stampUsed(t.db, nonce, now)).toBe(false);
    await countQuoteRequest(t.db, { accountId: PAGE, addressKey: 'address-one', nonce }, now);
    expect(await stampUsed(t.db, nonce, now)).toBe(true);
    expect(await stampUsed(t.db, 'BBBBBBBBBBBBBBBB', now)).toBe(false);
    expect(await stampUsed(t.db, nonce, later(MAX_FORM_AGE_MS - 1000))).toBe(true);
  });
});
