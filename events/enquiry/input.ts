import { z } from 'zod';
import { POSTCODE_DISTRICT } from '../card/areas';
import { isDiallable } from '../card/phone';

export const MAX_NAME = 80;
export const MAX_JOB = 2000;
export const MAX_PHONE = 30;
export const MAX_EMAIL = 254;
export const MAX_PHOTOS = 3;

/** What a customer types into the quote form, as they typed it: shown back to them when something needs fixing. */
export type EnquiryFormValues = { name: string; phone: string; email: string; postcode: string; job: string };
export type EnquiryField = keyof EnquiryFormValues;

/** The checked fields, as the enquiry keeps them: absent ones are null. */
export type EnquiryFields = {
  name: string;
  phone: string | null;
  email: string | null;
  postcode: string | null;
  job: string;
};

/** `values`: what was typed, tidied, to show back should anything else need fixing. */
export type EnquiryInput =
  | { ok: true; values: EnquiryFormValues; fields: EnquiryFields }
  | { ok: false; values: EnquiryFormValues; errors: Partial<Record<EnquiryField, string>> };

const INWARD_CODE = /^\d[A-Z]{2}$/;

/** A UK postcode, whole ("BS3 1AA") or its district ("BS3"), spaced and capitalised as Royal Mail writes it. */
export function normalisePostcode(typed: string): string | null {
  const squeezed = typed.replace(/\s+/g, '').toUpperCase();
  if (POSTCODE_DISTRICT.test(squeezed)) return squeezed;
  const outward = squeezed.slice(0, -3);
  const inward = squeezed.slice(-3);
  return POSTCODE_DISTRICT.test(outward) && INWARD_CODE.test(inward) ? `${outward} ${inward}` : null;
}

/** A repeated or missing field, or a file where text belongs, reads as nothing typed. */
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

const email = z.email();

/**
 * Checks the quote form (issue 17): a name, a phone number or an email address (at least one, each one that works),
 * an optional UK postcode, and what the job is. Every problem is worded for the customer and named by its field.
 */
export function parseEnquiryForm(raw: Record<string, unknown>): EnquiryInput {
  const values: EnquiryFormValues = {
    name: textOf(raw.name).replace(/\s+/g, ' ').trim(),
    phone: textOf(raw.phone).trim(),
    email: textOf(raw.email).trim(),
    postcode: textOf(raw.postcode).trim(),
    // A browser sends a textarea's line breaks as CRLF, which its maxlength counted as one character each.
    job: textOf(raw.job).replace(/\r\n?/g, '\n').trim(),
  };
  const errors: Partial<Record<EnquiryField, string>> = {};
  if (values.name === '') errors.name = 'Please enter your name.';
  else if (values.name.length > MAX_NAME) errors.name = `Your name can be at most ${MAX_NAME} characters.`;

  if (values.phone.length > MAX_PHONE || (values.phone !== '' && !isDiallable(values.phone)))
    errors.phone = 'Please enter a phone number that can be called, like 07700 900123.';
  if (values.email !== '' && (values.email.length > MAX_EMAIL || !email.safeParse(values.email).success))
    errors.email = 'Please enter an email address like name@example.com.';
  if (values.phone === '' && values.email === '')
    errors.phone = 'Please give a phone number or an email address, so they can reply.';

  const postcode = values.postcode === '' ? null : normalisePostcode(values.postcode);
  if (values.postcode !== '' && postcode === null)
    errors.postcode = 'Please enter a UK postcode like BS3 1AA, or just its first part, like BS3.';

  if (values.job === '') errors.job = 'Please say what the job is.';
  else if (values.job.length > MAX_JOB)
    errors.job = `Please describe the job in at most ${MAX_JOB.toLocaleString('en-GB')} characters.`;

  if (Object.keys(errors).length > 0) return { ok: false, values, errors };
  return {
    ok: true,
    values,
    fields: {
      name: values.name,
      phone: values.phone || null,
      email: values.email ? values.email.toLowerCase() : null,
      postcode,
      job: values.job,
    },
  };
}
