import { randomBytes } from 'node:crypto';

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

/** 144 random bits: the id is the only key to its checkout page, as a Stripe `cs_…` URL is. */
export const newSessionId = () => `cs_local_${random(18)}`;
export const SESSION_ID = /^cs_local_[A-Za-z0-9_-]{24}$/;

export const newId = (prefix: 'cus' | 'sub' | 'in' | 'evt' | 'pi') => `${prefix}_local_${random(12)}`;

/** Receipt links travel in emails and billing pages, so they are unguessable and not the invoice id. */
export const newReceiptToken = () => random(24);
export const RECEIPT_TOKEN = /^[A-Za-z0-9_-]{32}$/;
