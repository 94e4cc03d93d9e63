import { describe, expect, it } from 'vitest';
import {
  passwordRules,
  PASSWORD_REQUIREMENTS_MESSAGE as SERVER_MESSAGE,
} from '../../../events/account/rules';
import { allMet, PASSWORD_REQUIREMENTS_MESSAGE, passwordChecks, resetPasswordChecks } from './password';

const SAMPLES = [
  '',
  'short1A',
  'longenough',
  'LONGENOUGH',
  'longenough1',
  'Longenough',
  'Plumber2026',
  'Ab1',
];

describe('the password checklist', () => {
  it('names the same rules, in the same words, as the server', () => {
    expect(passwordChecks('').map((check) => check.label)).toEqual(passwordRules.map((rule) => rule.label));
    expect(PASSWORD_REQUIREMENTS_MESSAGE).toBe(SERVER_MESSAGE);
  });

  it('ticks exactly what the server would accept', () => {
    for (const sample of SAMPLES) {
      expect(passwordChecks(sample).map((check) => check.met)).toEqual(
        passwordRules.map((rule) => rule.test(sample)),
      );
    }
    expect(allMet(passwordChecks('Plumber2026'))).toBe(true);
    expect(allMet(passwordChecks('plumber2026'))).toBe(false);
  });

  it('on reset, also needs the two entries to match and not be empty', () => {
    const matched = (a: string, b: string) => resetPasswordChecks(a, b).at(-1);
    expect(matched('Plumber2026', 'Plumber2026')).toEqual({ label: 'Passwords match', met: true });
    expect(matched('Plumber2026', 'Plumber2025')?.met).toBe(false);
    expect(matched('', '')?.met).toBe(false);
    expect(allMet(resetPasswordChecks('Plumber2026', 'Plumber2026'))).toBe(true);
    expect(allMet(resetPasswordChecks('plumber', 'plumber'))).toBe(false);
  });
});
