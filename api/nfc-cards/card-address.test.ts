import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleCommand } from '../../events/command';
import { nfcCardDecider } from '../../events/nfc-card/decider';
import { nfcCardStreamId } from '../../events/nfc-card/events';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { buyCardsAtHostedCheckout } from '../../tests/support/api/payments/flows';
import { tapsByCard } from '../visits/stats';

// Issue 16: /c/<code> as the public route serves it, with this module's lookup and neutral page wired in.

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token: string;
let accountId: string;
let code: string;

beforeEach(async () => {
  t = await createTestApp();
  token = await t.signUp('dana');
  const published = await t.call(
    'POST',
    '/api/business-card/create_business_card',
    { full_name: 'Dana Pipe', phone_number: '07700 900123' },
    token,
  );
  expect(published.status).toBe(200);
  await buyCardsAtHostedCheckout(t, token, 1);
  await catchUp(t.db, { ...t.renderTarget });
  const card = await t.db.selectFrom('nfc_cards').selectAll().executeTakeFirstOrThrow();
  code = card.code;
  accountId = card.account_id;
});
afterEach(async () => {
  await t.close();
});

const open = (path: string) =>
  t.app.request(path, { headers: { 'user-agent': PHONE, 'x-forwarded-for': '203.0.113.77' } });
const taps = async () => {
  await t.deps.visits.flush();
  return tapsByCard(t.db, accountId);
};

describe("a card's address", () => {
  it("opens the owner's page itself, and counts the tap as the card's, however the code is typed", async () => {
    const page = await open(`/c/${code}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(await (await t.app.request('/u/dana')).text());
    expect((await open(`/c/${code.toLowerCase()}`)).status).toBe(200);
    expect((await taps()).get(code)).toEqual({ taps: 2, scans: 0, firstTappedAt: '2026-11-22' });

    // Crockford's look-alikes: O for 0, L for 1, typed off a card, are the same card and count as it.
    const order = await t.db.selectFrom('orders').select('id').executeTakeFirstOrThrow();
    await handleCommand(t.db, {
      decider: nfcCardDecider,
      streamId: nfcCardStreamId('A0B1C0D1'),
      command: { type: 'IssueNfcCard', code: 'A0B1C0D1', orderId: order.id, accountId },
      now: t.deps.now(),
    });
    expect((await open('/c/aoblcodl')).status).toBe(200);
    const counted = await taps();
    expect(counted.get('A0B1C0D1')?.taps).toBe(1);
    expect([...counted.keys()].sort()).toEqual(['A0B1C0D1', code].sort());
  });

  it('says only that a lost card is no longer in use, counts nothing, and opens the page again once found', async () => {
    await t.call('POST', `/api/nfc-cards/${code}/lost`, {}, token);
    const lost = await open(`/c/${code}`);
    expect(lost.status).toBe(410);
    const html = await lost.text();
    expect(html).toContain('<h1>This card is no longer in use</h1>');
    expect(html).not.toContain('dana');
    expect(html).not.toContain('Dana');
    expect((await taps()).get(code)).toBeUndefined();

    await t.call('POST', `/api/nfc-cards/${code}/found`, {}, token);
    expect((await open(`/c/${code}`)).status).toBe(200);
    expect((await taps()).get(code)?.taps).toBe(1);
  });

  it('leads nowhere of a deleted account’s', async () => {
    expect((await t.call('DELETE', '/api/profile', undefined, token)).status).toBe(200);
    const gone = await open(`/c/${code}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).not.toContain('dana');
  });

  it('is not found for a code no card has, and says which code was asked for', async () => {
    const missing = await open('/c/ZZZZZZZZ');
    expect(missing.status).toBe(404);
    const html = await missing.text();
    expect(html).toContain('No card has the code “ZZZZZZZZ”');
    expect(html).not.toContain('No business card found');
    expect(html).toContain('Check the code against the one printed on the card');
  });
});
