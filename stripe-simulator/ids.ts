import { randomBytes } from 'node:crypto';

const random = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '0');

/** 144 random bits: a session's id is the only key to its checkout page, as a Stripe `cs_…` URL is. */
export const newSessionId = () => `cs_test_${random(18)}`;
export const SESSION_ID = /^cs_test_[A-Za-z0-9]{24}$/;

export const newId = (
  prefix: 'cus' | 'pm' | 'sub' | 'si' | 'in' | 'il' | 'evt' | 'pi' | 'seti' | 'price' | 'prod' | 're' | 'ii',
) => `${prefix}_${random(18)}`;

/** Receipt links travel in emails and billing pages, so they are unguessable and not the invoice id. */
export const newReceiptToken = () => random(24);
export const RECEIPT_TOKEN = /^[A-Za-z0-9]{32}$/;
