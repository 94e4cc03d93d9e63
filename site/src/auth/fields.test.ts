import { describe, expect, it } from 'vitest';
import { displayNameSchema, emailSchema, usernameSchema } from '../../../events/account/rules';
import {
  emailProblem,
  NAME_REQUIRED,
  publicPageAddress,
  registrationProblems,
  USERNAME_REQUIRED,
  usernameProblem,
} from './fields';

const serverSays = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('the registration checks', () => {
  it('say what the server would say about a username, except its reserved words', () => {
    const samples = [
      '',
      '   ',
      'ab',
      'Dana',
      ' Dana-Pipe_2 ',
      'dana pipe',
      'dana.pipe',
      'x'.repeat(31),
      'ok_name',
    ];
    for (const sample of samples) {
      expect(usernameProblem(sample), sample).toBe(serverSays(usernameSchema.safeParse(sample)));
    }
    expect(usernameProblem('admin')).toBeNull();
    expect(usernameProblem('')).toBe(USERNAME_REQUIRED);
  });

  it('use the server’s words for a missing name or email, and never refuse an email the server takes', () => {
    expect(NAME_REQUIRED).toBe(serverSays(displayNameSchema.safeParse('  ')));
    expect(emailProblem(' ')).toBe(serverSays(emailSchema.safeParse(' ')));
    expect(emailProblem('dana@')).toBe(serverSays(emailSchema.safeParse('dana@')));
    for (const good of ['dana@example.com', ' Dana.Pipe+site@Example.co.uk ']) {
      expect(emailSchema.safeParse(good).success).toBe(true);
      expect(emailProblem(good)).toBeNull();
    }
  });

  it('list every problem by field, and none for a complete form', () => {
    const complete = {
      name: 'Dana Pipe',
      email: 'dana@example.com',
      username: 'dana',
      password: 'Plumber2026',
      terms: true,
    };
    expect(registrationProblems(complete)).toEqual({});
    expect(
      registrationProblems({ name: '', email: '', username: '', password: 'short', terms: false }),
    ).toEqual({
      name: 'Name is required.',
      email: 'Email is required.',
      username: 'Username is required.',
      password: 'Please meet all password requirements.',
      terms: 'Please agree to the terms and conditions.',
    });
  });

  it('show the public address as it will be, lowercased and trimmed', () => {
    expect(publicPageAddress('https://tradecard.example/', ' Dana-Pipe ')).toBe(
      'https://tradecard.example/u/dana-pipe',
    );
    expect(publicPageAddress('https://tradecard.example', '')).toBe('https://tradecard.example/u/your-name');
  });
});
