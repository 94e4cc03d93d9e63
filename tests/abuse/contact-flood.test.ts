import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_CONTACT_WINDOWS } from '../../api/contact/limits';
import { createTestApp } from '../support/api/app';

// Issue 27, finding 10: the contact form took 100 of 100 messages from 100 addresses, each a mail to support. Public
// messages now have a site-wide cap that holds against many addresses; a person past it is told how to reach us.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const message = {
  name: 'Chris Client',
  email: 'chris@example.com',
  reason: 'Card not working',
  message: 'My card does not open the page.',
  agree: true,
};
const supportMails = async () =>
  (await t.db.selectFrom('mail_outbox').select('id').where('to_address', '=', t.deps.supportEmail).execute())
    .length;

describe('a flood of contact messages from many addresses', () => {
  it('reaches support a few dozen times, not a hundred, and leaves signed-in people and the next hour free', async () => {
    const hourly = PUBLIC_CONTACT_WINDOWS[0]?.most as number;
    const statuses: number[] = [];
    let refusal: { error?: string } = {};
    for (let i = 0; i < 100; i++) {
      const answer = await t.call('POST', '/api/contact', message, undefined, {
        'x-forwarded-for': `198.51.${Math.floor(i / 250)}.${i % 250}`,
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        refusal = answer.body as { error?: string };
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    const accepted = statuses.filter((status) => status === 200).length;
    console.log(
      `contact flood: 100 messages from 100 addresses → ${accepted} accepted, ${await supportMails()} mails to support`,
    );
    expect(accepted).toBe(hourly);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - hourly);
    expect(await supportMails()).toBe(hourly);
    expect(refusal.error).toContain(
      `Please email us at ${t.deps.supportEmail}, or sign in and send it from your account`,
    );

    // A signed-in tradesperson still reaches support.
    const token = await t.signUp('dana');
    expect(
      (await t.call('POST', '/api/contact', message, token, { 'x-forwarded-for': '203.0.113.5' })).status,
    ).toBe(200);
    // And the public form opens again as the hour's messages age out.
    t.advance(3600_000);
    expect(
      (await t.call('POST', '/api/contact', message, undefined, { 'x-forwarded-for': '203.0.113.6' })).status,
    ).toBe(200);
  });
});
