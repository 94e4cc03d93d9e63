import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { visitStatsSchema } from '../../contract/visits';
import type { VisitSource } from '../../events/visit/kinds';
import { createTestApp } from '../../tests/support/api/app';
import { saveHits } from '../../tests/support/visits/hits';
import { accountIdOf } from '../../tests/support/visits/stats';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const idOf = (username: string) => accountIdOf(t.db, username);

const view = (accountId: string, day: string, source: VisitSource, visitor = 'v1') => ({
  day,
  accountId,
  source,
  action: 'view' as const,
  cardCode: null,
  visitor,
  hits: 1,
});

describe('GET /api/profile/stats', () => {
  it('is for a signed-in owner only', async () => {
    const answer = await t.call('GET', '/api/profile/stats?days=7');
    expect(answer).toMatchObject({ status: 401, body: { error: 'Please log in to continue.' } });
  });

  it('refuses any period but 7, 30 or 90 days, saying which', async () => {
    const token = await t.signUp('dana');
    for (const query of ['?days=14', '?days=seven', '?days=', '', '?days=7.5', '?days=-7']) {
      const answer = await t.call('GET', `/api/profile/stats${query}`, undefined, token);
      expect(answer, query).toMatchObject({
        status: 400,
        body: { error: 'Choose a period of 7, 30, 90 days.' },
      });
    }
  });

  it('answers every day of the period, today last, with the owner’s own visits only', async () => {
    const token = await t.signUp('dana');
    await t.signUp('erin');
    const dana = await idOf('dana');
    const erin = await idOf('erin');
    // The clock reads 09:00 UTC on 22 November 2026.
    await saveHits(t.db, [
      view(dana, '2026-11-22', 'nfc'),
      view(dana, '2026-11-22', 'qr', 'v2'),
      { ...view(dana, '2026-11-22', 'link'), action: 'call' },
      view(dana, '2026-11-16', 'link'),
      view(dana, '2026-11-15', 'link'),
      view(dana, '2026-08-25', 'qr'),
      view(dana, '2026-08-24', 'qr'),
      view(erin, '2026-11-22', 'link'),
    ]);

    const week = await t.call('GET', '/api/profile/stats?days=7', undefined, token);
    expect(week.status).toBe(200);
    const read = visitStatsSchema.safeParse(week.body);
    expect(read.success ? [] : read.error.issues).toEqual([]);
    expect(week.body.days.map((day: { day: string }) => day.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(week.body.days.at(-1)).toMatchObject({ views: { nfc: 1, qr: 1, link: 0 }, visitors: 2 });
    expect(week.body.totals.views).toEqual({ nfc: 1, qr: 1, link: 1 });
    expect(week.body.totals.clicks.link.call).toBe(1);

    const month = await t.call('GET', '/api/profile/stats?days=30', undefined, token);
    expect(month.body.days).toHaveLength(30);
    expect(month.body.totals.views).toEqual({ nfc: 1, qr: 1, link: 2 });
    const quarter = await t.call('GET', '/api/profile/stats?days=90', undefined, token);
    expect(quarter.body.days).toHaveLength(90);
    expect(quarter.body.days[0].day).toBe('2026-08-25');
    expect(quarter.body.totals.views).toEqual({ nfc: 1, qr: 2, link: 2 });
  });
});
