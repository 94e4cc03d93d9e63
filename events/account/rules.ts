import { z } from 'zod';

/**
 * Account field rules shared by the API and the site's forms, so both say the same thing in the same words.
 * Messages follow SPEC §5 where it names one.
 */

export const PASSWORD_REQUIREMENTS_MESSAGE = 'Please meet all password requirements.';

export const passwordRules = [
  { label: 'Minimum 8 characters', test: (value: string) => value.length >= 8 },
  { label: 'One uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { label: 'One number', test: (value: string) => /[0-9]/.test(value) },
] as const;

export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((value) => passwordRules.every((rule) => rule.test(value)), PASSWORD_REQUIREMENTS_MESSAGE);

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Please enter a valid email address.'));

/** Route names and words that would collide with the site or confuse a customer if used as /u/<username>. */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'api',
  'u',
  'login',
  'logout',
  'register',
  'signup',
  'signin',
  'reset-password',
  'myprofile',
  'myorders',
  'nfccards',
  'notifications',
  'profile',
  'billing',
  'helpcentre',
  'helpcentreinterface',
  'contact',
  'contactus',
  'contact-support',
  'success',
  'successsubscription',
  'productandplan',
  'products-and-plans',
  'whatisnfc',
  'subscription',
  'faq',
  'reviews',
  'policies',
  'blog',
  'howitworks',
  'plasticnfccard',
  'woodennfccard',
  'metalnfccard',
  'support',
  'help',
  'settings',
  'dashboard',
  'account',
  'assets',
  'static',
  'media',
  'fonts',
  'images',
  '_astro',
  'www',
  'mail',
  'root',
  'system',
  'tradecard',
  'privacy',
  'terms',
  'checkout',
  'webhooks',
  'null',
  'undefined',
]);

export const usernameSchema = z
  .string({ error: 'Username is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'Username is required.')
  .min(3, 'Username must be at least 3 characters.')
  .max(30, 'Username must be at most 30 characters.')
  .regex(/^[a-z0-9_-]+$/, 'Username may only use letters, numbers, hyphens and underscores.')
  .refine((value) => !RESERVED_USERNAMES.has(value), 'That username is reserved. Please choose another.');

export const displayNameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(80, 'Name must be at most 80 characters.');

export const verificationCodeSchema = z
  .string({ error: 'Please enter the 6-digit code.' })
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit code.');
