import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { createTestApp } from '../../tests/support/api/app';
import { startSmtpServer } from '../../tests/support/api/mail/smtp-server';
import { createMailer } from '../mail/mailer';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const message = {
  name: 'Chris Client',
  email: 'Chris@Example.com',
  reason: 'Card not working',
  message: 'My card does not open the page.',
  agree: true,
};
const contact = (body: unknown, token?: string, ip = '192.0.2.1') =>
  t.call('POST', '/api/contact', body, token, { 'x-forwarded-for': ip });

describe('POST /api/contact', () => {
  it('reaches support once, even when the mail server refuses it at first', async () => {
    const smtp = await startSmtpServer({ refuseFirst: 1 });
    try {
      const over = await createTestApp({
        mailer: createMailer({
          mail: smtp.url,
          from: 'TradeCard <hello@tradecard.test>',
          outboxDir: '/unused',
        }),
      });
      try {
        const response = await over.call('POST', '/api/contact', message, undefined, {
          'x-forwarded-for': '192.0.2.9',
        });
        expect(response.status).toBe(200);
        expect(await over.deliverMail()).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
        over.advance(60_000);
        expect(await over.deliverMail()).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
        over.advance(60 * 60_000);
        await over.deliverMail();
        expect(smtp.accepted.map((mail) => mail.subject)).toEqual([
          'Contact form: Card not working from Chris Client',
        ]);
        expect(smtp.accepted[0]?.replyTo?.text).toBe('chris@example.com');
      } finally {
        await over.close();
      }
    } finally {
      await smtp.close();
    }
  });

  it('stores the message as an event and mails support with the sender as reply-to', async () => {
    const response = await contact(message);
    expect(response).toMatchObject({ status: 200, body: { success: true, message: 'Message sent!' } });
    const events = [];
    for await (const event of readAll(t.db)) events.push(event);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'ContactMessageReceived',
      data: { email: 'chris@example.com', reason: 'Card not working', accountId: null },
    });
    const mail = await t.lastMailTo('support@tradecard.test');
    expect(mail.replyTo?.text).toBe('chris@example.com');
    expect(mail.text).toContain('My card does not open the page.');
  });

  it('uses the public form’s message for missing fields or no agreement', async () => {
    for (const body of [
      { ...message, name: '' },
      { ...message, reason: undefined },
      { ...message, message: '   ' },
      { ...message, agree: false },
    ]) {
      expect(await contact(body)).toMatchObject({
        status: 400,
        body: { error: 'Please fill in all fields and agree to the privacy policy.' },
      });
    }
  });

  it('uses the signed-in form’s message, links the account, and needs no agreement box', async () => {
    const token = await t.signUp('dana');
    expect(await contact({ ...message, email: '' }, token)).toMatchObject({
      status: 400,
      body: { error: 'Please fill in all required fields.' },
    });
    const { agree: _agree, ...withoutAgree } = message;
    expect((await contact(withoutAgree, token)).status).toBe(200);
    const events = [];
    for await (const event of readAll(t.db)) if (event.type === 'ContactMessageReceived') events.push(event);
    expect(events[0]?.data.accountId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks the email, the reason and the length', async () => {
    expect((await contact({ ...message, email: 'nope' })).body).toEqual({
      error: 'Please enter a valid email address.',
    });
    expect((await contact({ ...message, reason: 'Refund me' })).body.error).toMatch(
      /^Please choose a reason: Card not working,/,
    );
    expect((await contact({ ...message, message: 'x'.repeat(5001) })).body).toEqual({
      error: 'Message must be at most 5000 characters.',
    });
  });

  it('slows down one address sending many messages', async () => {
    for (let i = 0; i < 6; i++) expect((await contact(message, undefined, '192.0.2.50')).status).toBe(200);
    const blocked = await contact(message, undefined, '192.0.2.50');
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/Please wait 30 seconds before sending another/);
    expect((await contact(message, undefined, '192.0.2.51')).status).toBe(200);
  });

  it('keeps one client in one bucket however it forges the leftmost X-Forwarded-For', async () => {
    // The test app trusts one proxy, which appends the address it saw: the client wrote everything left of it.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await contact(message, undefined, `10.0.0.${i}, 192.0.2.60`)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.slice(6).every((status) => status === 429)).toBe(true);
  });
});
