import { expect } from 'vitest';
import { MIN_FORM_AGE_MS } from '../../../api/enquiries/stamp';
import type { createTestApp } from './app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A customer's phone, as the one proxy in front reports its address. */
export const CUSTOMER = { 'x-forwarded-for': '203.0.113.7' };

export const CUSTOMER_FIELDS = {
  name: 'Pat Customer',
  phone: '07700 900456',
  email: 'Pat@Example.com',
  postcode: 'bs3 1aa',
  job: 'The kitchen tap drips.\r\nIt has for a week.',
  website: '',
};

/** A live page (publishing starts the trial), taking quote requests unless `quotes` is false; returns the token. */
export async function livePage(t: TestApp, username = 'dana', quotes = true) {
  const token = await t.signUp(username);
  const published = await t.publishForm(token, [
    ['main_heading', 'Dana Pipe Plumbing'],
    ['full_name', 'Dana Pipe'],
    ['phone_number', '07700 900123'],
    ['quotes_enabled', String(quotes)],
  ]);
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return token;
}

/** The quote form as a customer opens it, and the signed time it carries. */
export async function openForm(t: TestApp, username = 'dana', headers: Record<string, string> = CUSTOMER) {
  const response = await t.app.request(`/u/${username}/quote`, { headers });
  const html = await response.text();
  return { response, html, stamp: /name="stamp" value="([^"]+)"/.exec(html)?.[1] ?? '' };
}

export type QuoteFields = Record<string, string | File | File[]>;

/** Posts the form's fields as a browser does (multipart); photos under `photos`. */
export async function sendForm(
  t: TestApp,
  fields: QuoteFields,
  headers: Record<string, string> = CUSTOMER,
  username = 'dana',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
  const response = await t.app.request(`/u/${username}/quote`, { method: 'POST', body: form, headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The form opened, a person's few seconds, then sent with these fields over the customer's. */
export async function requestQuote(
  t: TestApp,
  fields: QuoteFields = {},
  headers: Record<string, string> = CUSTOMER,
  username = 'dana',
) {
  const { stamp } = await openForm(t, username, headers);
  t.advance(MIN_FORM_AGE_MS + 2000);
  return sendForm(t, { ...CUSTOMER_FIELDS, stamp, ...fields }, headers, username);
}
