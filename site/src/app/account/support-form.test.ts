import { describe, expect, it } from 'vitest';
import { EMPTY_SUPPORT_FORM, prefill, supportMessage } from './support-form';

const filled = { name: ' Dana Pipe ', email: ' Dana@Example.com ', reason: 'Setup help', message: ' Hi ' };

describe('the signed-in contact form', () => {
  it('sends trimmed fields, a lowercased email and the implied agreement', () => {
    expect(supportMessage(filled)).toEqual({
      name: 'Dana Pipe',
      email: 'dana@example.com',
      reason: 'Setup help',
      message: 'Hi',
      agree: true,
    });
  });

  it.each(['name', 'email', 'reason', 'message'] as const)('refuses a blank %s', (field) => {
    expect(supportMessage({ ...filled, [field]: '   ' })).toBeNull();
  });

  it('prefills name and email from the account without overwriting what was typed', () => {
    const user = { name: 'Dana Pipe', email: 'dana@example.com' };
    expect(prefill(EMPTY_SUPPORT_FORM, user)).toEqual({ ...EMPTY_SUPPORT_FORM, ...user });
    expect(prefill({ ...EMPTY_SUPPORT_FORM, name: 'D. Pipe' }, user).name).toBe('D. Pipe');
    expect(prefill(EMPTY_SUPPORT_FORM, null)).toEqual(EMPTY_SUPPORT_FORM);
  });
});
