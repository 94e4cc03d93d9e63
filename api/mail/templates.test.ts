import { describe, expect, it } from 'vitest';
import {
  contactToSupportMail,
  failedSignInsMail,
  passwordResetMail,
  verificationCodeMail,
} from './templates';

const XSS = '<script>alert(1)</script>';
const ESCAPED_XSS = '&lt;script&gt;alert(1)&lt;/script&gt;';

describe('verificationCodeMail', () => {
  const mail = verificationCodeMail({ code: '482913' });

  it('carries the code and its lifetime in both parts', () => {
    expect(mail.subject).toBe('Your TradeCard verification code');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hi there,');
      expect(part).toContain('482913');
      expect(part).toContain('10 minutes');
      expect(part).toContain('The TradeCard team');
    }
  });

  it('uses the simple inline-styled layout', () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('max-width:560px');
    expect(mail.html).not.toContain('<style');
  });

  it('carries nothing the registrant typed: no name, so a stranger’s words never reach the inbox', () => {
    expect(Object.keys(verificationCodeMail({ code: '1' }))).toEqual(['subject', 'text', 'html']);
    expect(mail.text.split('\n')[0]).toBe('Hi there,');
  });
});

describe('failedSignInsMail', () => {
  const mail = failedSignInsMail({ name: 'Sam', loginLink: 'https://tradecard.test/login' });

  it('tells the owner of repeated failures, that they can still sign in, and how to reset', () => {
    expect(mail.subject).toBe('Repeated failed sign-ins to your TradeCard account');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hi Sam,');
      expect(part).toContain('wrong password');
      expect(part).toContain('Forgot password');
      expect(part).toContain('https://tradecard.test/login');
    }
  });

  it('escapes the name in html', () => {
    expect(failedSignInsMail({ name: XSS, loginLink: 'https://tradecard.test/login' }).html).toContain(
      ESCAPED_XSS,
    );
  });
});

describe('passwordResetMail', () => {
  const link = 'https://tradecard.test/reset?token=abc&next=%2Fedit';
  const mail = passwordResetMail({ name: 'Sam', link });

  it('carries the link, its lifetime and the ignore-me note in both parts', () => {
    expect(mail.subject).toBe('Reset your TradeCard password');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('href="https://tradecard.test/reset?token=abc&amp;next=%2Fedit"');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Hi Sam,');
      expect(part).toContain('1 hour');
      expect(part).toContain("If you didn't ask for this, ignore this email");
      expect(part).toContain('The TradeCard team');
    }
  });

  it('renders the link as a brand orange button', () => {
    expect(mail.html).toMatch(/bgcolor="#F47629"[^>]*>\s*<a href="https:\/\/tradecard\.test\/reset/);
  });

  it('escapes the name in html', () => {
    const hostile = passwordResetMail({ name: XSS, link });
    expect(hostile.html).toContain(ESCAPED_XSS);
    expect(hostile.html).not.toContain(XSS);
  });

  it('escapes quotes in the link so it cannot break out of the href', () => {
    const hostile = passwordResetMail({
      name: 'Sam',
      link: 'https://tradecard.test/r?x="onmouseover="alert(1)',
    });
    expect(hostile.html).not.toContain('"onmouseover=');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:a@b.test',
    '/reset?token=abc',
    'not a url',
  ])('refuses the non-http(s) link %j', (badLink) => {
    expect(() => passwordResetMail({ name: 'Sam', link: badLink })).toThrow(/http\(s\) URL/);
  });
});

describe('contactToSupportMail', () => {
  const contact = {
    name: 'Sam Plumber',
    email: 'sam@example.test',
    reason: 'Billing',
    message: 'My card shows the wrong phone number.\nCan you help?',
    accountId: 'acc_123',
  };

  it('lists the sender details and quotes the message in both parts', () => {
    const mail = contactToSupportMail(contact);
    expect(mail.subject).toBe('Contact form: Billing from Sam Plumber');
    for (const part of [mail.text, mail.html]) {
      for (const detail of ['Sam Plumber', 'sam@example.test', 'Billing', 'acc_123', 'The TradeCard team']) {
        expect(part).toContain(detail);
      }
    }
    expect(mail.text).toContain('> My card shows the wrong phone number.\n> Can you help?');
    expect(mail.html).toContain('My card shows the wrong phone number.<br>\nCan you help?');
  });

  it('says when the sender was not signed in', () => {
    const { accountId: _unused, ...anonymous } = contact;
    const mail = contactToSupportMail(anonymous);
    expect(mail.text).toContain('Account: not signed in');
    expect(mail.html).toContain('not signed in');
  });

  it('escapes every user-supplied field in html', () => {
    const mail = contactToSupportMail({
      name: XSS,
      email: `"><img src=x onerror=alert(1)>@evil.test`,
      reason: '<b>urgent</b>',
      message: `Hello ${XSS}`,
      accountId: '<i>acc</i>',
    });
    expect(mail.html).not.toContain(XSS);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>urgent');
    expect(mail.html).not.toContain('<i>acc');
    expect(mail.html).toContain(`Hello ${ESCAPED_XSS}`);
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@evil.test');
  });

  it('keeps the subject on one line whatever the sender typed', () => {
    const mail = contactToSupportMail({
      ...contact,
      name: 'Sam\r\nBcc: all@tradecard.test',
      reason: 'Other\n',
    });
    expect(mail.subject).toBe('Contact form: Other from Sam Bcc: all@tradecard.test');
  });
});
