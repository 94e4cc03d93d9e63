/**
 * The password checklist. A copy of the server's rules in events/account/rules.ts, because importing those would
 * ship zod to every visitor; password.test.ts holds the two to the same labels and verdicts.
 */
export const PASSWORD_RULES = [
  { label: 'Minimum 8 characters', test: (value: string) => value.length >= 8 },
  { label: 'One uppercase letter', test: (value: string) => /[A-Z]/.test(value) },
  { label: 'One number', test: (value: string) => /[0-9]/.test(value) },
] as const;

export const PASSWORD_REQUIREMENTS_MESSAGE = 'Please meet all password requirements.';
export const PASSWORDS_MATCH = 'Passwords match';

export type Check = { label: string; met: boolean };

export const passwordChecks = (password: string): Check[] =>
  PASSWORD_RULES.map((rule) => ({ label: rule.label, met: rule.test(password) }));

/** SPEC §5: on reset the two entries must also match, and an empty pair does not count as matching. */
export const resetPasswordChecks = (password: string, confirmation: string): Check[] => [
  ...passwordChecks(password),
  { label: PASSWORDS_MATCH, met: password.length > 0 && password === confirmation },
];

export const allMet = (checks: Check[]) => checks.every((check) => check.met);
