import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_ALREADY_REPLIED, REVIEW_NOT_FOUND } from '../../events/review/decider';
import { reviewWeek } from '../../events/review/on-the-page';
import { findReview } from '../../events/review/reviews-read-model';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { signUpAdmin } from '../../tests/support/api/payments/flows';
import { livePage } from '../../tests/support/api/quotes';
import { leaveReview } from '../../tests/support/api/reviews';
import { ADMINS_ONLY } from '../auth/require-admin';
import { eraseReviewsOf } from '../reviews/erase';
import { REVIEW_WORDS_ARE_THE_CUSTOMERS } from './reviews';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Dana asks Pat, and Pat leaves four stars: Dana's token and the review's id. */
async function reviewed() {
  const dana = await livePage(t);
  const { reviewId } = await leaveReview(t, dana);
  return { dana, id: reviewId };
}

describe('the owner’s reviews: /api/reviews', () => {
  it('lists them, takes one public reply, and refuses any change to the customer’s words', async () => {
    const { dana, id } = await reviewed();
    const sam = await livePage(t, 'sam');
    expect((await t.call('GET', '/api/reviews', undefined, dana)).body.data).toEqual([
      expect.objectContaining({
        id,
        customerName: 'Pat Customer',
        status: 'received',
        rating: 4,
        text: 'Good',
      }),
    ]);
    expect((await t.call('GET', '/api/reviews', undefined, sam)).body.data).toEqual([]);

    for (const method of ['PUT', 'PATCH'])
      expect(await t.call(method, `/api/reviews/${id}`, { rating: 5, text: 'Perfect' }, dana)).toMatchObject({
        status: 403,
        body: { error: REVIEW_WORDS_ARE_THE_CUSTOMERS },
      });
    expect(await t.call('POST', `/api/reviews/${id}/reply`, { reply: 'Hi' }, sam)).toMatchObject({
      status: 404,
      body: { error: REVIEW_NOT_FOUND },
    });
    expect(await t.call('POST', `/api/reviews/${id}/reply`, { reply: ' ' }, dana)).toMatchObject({
      status: 400,
      body: { error: 'Please write the reply.' },
    });
    const replied = await t.call('POST', `/api/reviews/${id}/reply`, { reply: 'Thank you, Pat!' }, dana);
    expect(replied.status).toBe(200);
    expect(replied.body.data).toMatchObject({ reply: 'Thank you, Pat!', rating: 4, text: 'Good' });
    expect(await t.call('POST', `/api/reviews/${id}/reply`, { reply: 'Again' }, dana)).toMatchObject({
      status: 409,
      body: { error: REVIEW_ALREADY_REPLIED },
    });
  });

  it('reports a review to support, who alone may remove it; the page then counts it', async () => {
    const { dana, id } = await reviewed();
    const reported = await t.call('POST', `/api/reviews/${id}/report`, { reason: 'Not my customer' }, dana);
    expect(reported.status).toBe(200);
    expect(await t.call('GET', '/api/admin/reviews', undefined, dana)).toMatchObject({
      status: 403,
      body: { error: ADMINS_ONLY },
    });
    expect((await t.call('POST', `/api/admin/reviews/${id}/remove`, { reason: 'x' }, dana)).status).toBe(403);

    const admin = await signUpAdmin(t);
    const listed = await t.call('GET', '/api/admin/reviews', undefined, admin);
    expect(listed.body.data).toEqual([expect.objectContaining({ id, reportReason: 'Not my customer' })]);
    const removed = await t.call(
      'POST',
      `/api/admin/reviews/${id}/remove`,
      { reason: 'Not a customer' },
      admin,
    );
    expect(removed.status).toBe(200);
    expect((await t.call('GET', '/api/reviews', undefined, dana)).body.data).toEqual([
      expect.objectContaining({ id, status: 'removed', removedReason: 'Not a customer' }),
    ]);
    await catchUp(t.db, t.renderTarget);
    const page = fs.readFileSync(path.join(t.deps.publicDir, 'u', 'dana', 'index.html'), 'utf8');
    expect(page).toContain('1 review was removed by support for breaking our rules.');
    expect(page).not.toContain('Verified customer');
  });

  it('counts a week’s reviews asked for and received, for the weekly summary', async () => {
    const { dana } = await reviewed();
    await t.call('POST', '/api/review-requests', { name: 'Lee' }, dana);
    const owner = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'dana')
      .executeTakeFirstOrThrow();
    const day = t.deps.now().toISOString().slice(0, 10);
    expect(await reviewWeek(t.db, owner.id, `${day}T00:00:00.000Z`, '2099-01-01T00:00:00.000Z')).toEqual({
      requested: 2,
      received: 1,
    });
    expect(await reviewWeek(t.db, owner.id, '2099-01-01T00:00:00.000Z', '2099-01-08T00:00:00.000Z')).toEqual({
      requested: 0,
      received: 0,
    });
  });

  it('goes with the owner’s account: every review of the page, and its photos for the caller to delete', async () => {
    const dana = await livePage(t);
    const { reviewId } = await leaveReview(t, dana, { photos: await jpegFile('#aa6633', 800, 800) });
    const owner = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'dana')
      .executeTakeFirstOrThrow();
    const [row] = await t.db.selectFrom('reviews').select('photos').execute();
    const photos = await t.db.transaction().execute((trx) => eraseReviewsOf(trx, owner.id, t.deps.now()));
    expect([...photos]).toEqual(JSON.parse(row?.photos ?? '[]').map((photo: { id: string }) => photo.id));
    expect(photos.size).toBe(1);
    expect(await findReview(t.db, reviewId)).toBeUndefined();
  });
});
