import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/api/app';
import { livePage, requestQuote } from '../../tests/support/api/quotes';
import { saveHits } from '../../tests/support/visits/hits';
import { accountIdOf } from '../../tests/support/visits/stats';
import { firmTeam } from './team';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Dana's firm: Sam with a live page, Kit with none yet. */
async function firmOfThree() {
  const dana = await livePage(t, 'dana');
  const firmId = (await t.call('POST', '/api/firms', { name: 'Pipe & Sons' }, dana)).body.data.id as string;
  const tokens: Record<string, string> = { dana };
  for (const username of ['sam', 'kit']) {
    tokens[username] = username === 'sam' ? await livePage(t, 'sam') : await t.signUp('kit');
    await t.call('POST', `/api/firms/${firmId}/invites`, { email: `${username}@example.com` }, dana);
    const link = /\/join\/([^\s"<]+)/.exec((await t.lastMailTo(`${username}@example.com`)).text ?? '')?.[1];
    await t.call('POST', `/api/firms/join/${link}`, {}, tokens[username]);
  }
  return { firmId, tokens };
}

const view = (accountId: string, source: 'nfc' | 'qr' | 'link', visitor: string, hits = 1) => ({
  day: '2026-11-22',
  accountId,
  source,
  action: 'view' as const,
  cardCode: null,
  visitor,
  hits,
});

describe("the firm's team, as its admin sees it (issue 32)", () => {
  it("shows each member's page, visits by source and enquiries, the totals, and the latest enquiries across the firm", async () => {
    const { firmId, tokens } = await firmOfThree();
    const [dana, sam] = [await accountIdOf(t.db, 'dana'), await accountIdOf(t.db, 'sam')];
    await saveHits(t.db, [view(dana, 'link', 'v1', 3), view(sam, 'nfc', 'v2', 2), view(sam, 'qr', 'v3')]);
    expect((await requestQuote(t, {}, undefined, 'sam')).status).toBe(303);

    const answer = await t.call('GET', `/api/firms/${firmId}/team?days=7`, undefined, tokens.dana);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const team = answer.body.data;
    expect(team.members).toEqual([
      expect.objectContaining({
        username: 'dana',
        admin: true,
        page: 'live',
        views: { nfc: 0, qr: 0, link: 3 },
      }),
      expect.objectContaining({
        username: 'sam',
        page: 'live',
        views: { nfc: 2, qr: 1, link: 0 },
        visitors: 2,
        enquiries: 1,
        newEnquiries: 1,
      }),
      expect.objectContaining({ username: 'kit', page: 'not-live', enquiries: 0 }),
    ]);
    expect(team.totals).toEqual({
      views: { nfc: 2, qr: 1, link: 3 },
      visitors: 3,
      enquiries: 1,
      newEnquiries: 1,
    });
    expect(team.enquiries).toEqual([
      expect.objectContaining({ memberName: 'Dana Pipe', customer: 'Pat Customer', status: 'new' }),
    ]);
    // Who asked and for what; the customer's number and address stay on the member's own list.
    expect(JSON.stringify(team.enquiries)).not.toContain('07700 900456');
    expect(JSON.stringify(team.enquiries)).not.toContain('Pat@Example.com');
  });

  it('is the admin’s alone, for a period the statistics offer, and exports as a file', async () => {
    const { firmId, tokens } = await firmOfThree();
    expect((await t.call('GET', `/api/firms/${firmId}/team?days=30`, undefined, tokens.sam)).status).toBe(
      403,
    );
    expect(
      (await t.call('GET', `/api/firms/${firmId}/team?days=14`, undefined, tokens.dana)).body.error,
    ).toBe('Choose a period of 7, 30, 90 days.');
    const stranger = await t.signUp('olive');
    await expect(
      firmTeam(t.db, firmId, await accountIdOf(t.db, 'olive'), { days: 7, now: t.deps.now() }),
    ).rejects.toThrow('We couldn’t find that firm.');
    expect((await t.call('GET', `/api/firms/${firmId}/export`, undefined, stranger)).status).toBe(404);

    const exported = await t.app.request(`/api/firms/${firmId}/export`, {
      headers: { authorization: `Bearer ${tokens.dana}` },
    });
    expect(exported.headers.get('content-disposition')).toBe(
      'attachment; filename="pipe-and-sons-firm.json"',
    );
    const file = await exported.json();
    expect(file.firm).toMatchObject({ name: 'Pipe & Sons', page: 'https://tradecard.test/f/pipe-and-sons' });
    expect(file.firm.members).toHaveLength(3);
    expect(file.last90Days.days).toBe(90);
  });
});
