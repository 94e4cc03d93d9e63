import { expect } from 'vitest';
import { MIN_FORM_AGE_MS } from '../../../api/enquiries/stamp';
import type { createTestApp } from './app';
import { CUSTOMER } from './quotes';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The owner (signed in as `owner`) asks a customer for a review, and the customer leaves it through the link as a
 * browser sends the form: the link's path and the review's id.
 */
export async function leaveReview(
  t: TestApp,
  owner: string,
  fields: Record<string, string | File> = {},
  customer: { name: string; email?: string } = { name: 'Pat Customer' },
) {
  const asked = await t.call('POST', '/api/review-requests', customer, owner);
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const link = new URL(asked.body.url as string).pathname;
  const html = await (await t.app.request(link, { headers: CUSTOMER })).text();
  const stamp = /name="stamp" value="([^"]+)"/.exec(html)?.[1] ?? '';
  t.advance(MIN_FORM_AGE_MS + 1000);
  const form = new FormData();
  const sent = {
    stamp,
    rating: '4',
    text: 'Good',
    displayName: 'Pat C.',
    consent: 'yes',
    website: '',
    ...fields,
  };
  for (const [name, value] of Object.entries(sent)) form.append(name, value);
  const response = await t.app.request(link, { method: 'POST', body: form, headers: CUSTOMER });
  expect(response.status, await response.clone().text()).toBe(303);
  return { link, reviewId: asked.body.reviewId as string };
}
