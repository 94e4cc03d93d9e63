import { describe, expect, it } from 'vitest';
import { emailSchema, passwordSchema, usernameSchema } from './rules';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('account rules', () => {
  it('accepts a strong password up to 128 characters and refuses weak ones with the spec’s words', () => {
    expect(passwordSchema.safeParse('Plumber2026').success).toBe(true);
    expect(passwordSchema.safeParse(`A1${'x'.repeat(126)}`).success).toBe(true);
    for (const weak of ['Short1A', 'alllowercase1', 'NODIGITSHERE']) {
      expect(message(passwordSchema.safeParse(weak))).toBe('Please meet all password requirements.');
    }
    expect(message(passwordSchema.safeParse(`A1${'x'.repeat(127)}`))).toBe(
      'Password must be at most 128 characters.',
    );
  });

  it('trims and lower-cases emails and usernames', () => {
    expect(emailSchema.parse('  Dana@Example.COM ')).toBe('dana@example.com');
    expect(usernameSchema.parse(' Dana_Plumbing-1 ')).toBe('dana_plumbing-1');
  });

  it('explains each username problem', () => {
    expect(message(usernameSchema.safeParse(''))).toBe('Username is required.');
    expect(message(usernameSchema.safeParse('ab'))).toBe('Username must be at least 3 characters.');
    expect(message(usernameSchema.safeParse('a'.repeat(31)))).toBe('Username must be at most 30 characters.');
    expect(message(usernameSchema.safeParse('dana pipe'))).toMatch(/letters, numbers/);
    expect(message(usernameSchema.safeParse('Admin'))).toMatch(/reserved/);
    expect(message(usernameSchema.safeParse('myprofile'))).toMatch(/reserved/);
  });

  it('refuses an invalid email', () => {
    expect(message(emailSchema.safeParse('not-an-email'))).toBe('Please enter a valid email address.');
    expect(message(emailSchema.safeParse(undefined))).toBe('Email is required.');
  });
});
