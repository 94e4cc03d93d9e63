import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleCommand } from '../../events/command';
import { contactDecider } from '../../events/contact/decider';
import { contactStreamId } from '../../events/contact/events';
import { DomainError } from '../../events/errors';
import type { Db } from '../../platform/database/db';
import { openTempDatabase } from '../../tests/support/events/db';
import type { MailMessage } from './mailer';
import {
  afterErasure,
  claimDueMail,
  enqueueMail,
  forgetMailOf,
  markMailGivenUp,
  markMailSent,
  pruneFinishedMail,
  queuedMessageWithFiles,
} from './queue';

let database: Awaited<ReturnType<typeof openTempDatabase>>;
beforeEach(async () => {
  database = await openTempDatabase();
});
afterEach(async () => {
  await database.close();
});

const now = new Date('2026-11-22T09:00:00Z');
const toSupport: MailMessage = {
  to: 'support@tradecard.test',
  replyTo: 'sam@example.test',
  subject: 'Contact form',
  text: 'Cracked.',
  html: '<p>Cracked.</p>',
};

const submit = (db: Db, messageId: string) =>
  handleCommand(db, {
    decider: contactDecider,
    streamId: contactStreamId(messageId),
    command: {
      type: 'SubmitContactMessage',
      messageId,
      name: 'Sam',
      email: 'sam@example.test',
      reason: 'Card damaged',
      message: 'Cracked.',
      accountId: null,
    },
    now,
    alsoInTransaction: async (trx) => {
      await enqueueMail(trx, toSupport, now);
    },
  });

const count = async (table: 'events' | 'mail_outbox') =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('queueing mail with the event that causes it', () => {
  it('commits the mail with the event', async () => {
    await submit(database.db, 'm1');
    expect(await count('events')).toBe(1);
    const [queued] = await database.db.selectFrom('mail_outbox').selectAll().execute();
    expect(queued).toMatchObject({
      to_address: 'support@tradecard.test',
      reply_to: 'sam@example.test',
      subject: 'Contact form',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      sent_at: null,
    });
  });

  it('queues nothing when the command is rolled back after its mail was queued', async () => {
    // Two commands in one transaction: the second is refused, so the first's event and its mail go too.
    const both = database.db.transaction().execute(async (trx) => {
      await submit(trx, 'm2');
      await submit(trx, 'm2');
    });
    await expect(both).rejects.toBeInstanceOf(DomainError);
    expect(await count('events')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
  });
});

describe('files sent with a mail', () => {
  const photo = (n: number) => ({
    filename: `photo-${n}.jpg`,
    contentType: 'image/jpeg',
    content: new Uint8Array([0xff, 0xd8, n, 0xff, 0xd9]),
  });
  const files = () =>
    database.db.selectFrom('mail_attachments').select(['mail_id', 'filename']).orderBy('id').execute();
  const claim = () =>
    claimDueMail(database.db, 'me', now, { limit: 10, until: new Date(now.getTime() + 60_000) });

  it('are kept beside the queued mail, read only when it is sent, in order, byte for byte', async () => {
    const id = await enqueueMail(database.db, { ...toSupport, attachments: [photo(1), photo(2)] }, now);
    const [row] = await claim();
    // A claim carries the bodies, never the files.
    expect(Object.keys(row ?? {})).not.toContain('attachments');
    const message = await queuedMessageWithFiles(database.db, row as NonNullable<typeof row>);
    expect(message.attachments?.map((file) => [file.filename, file.contentType, [...file.content]])).toEqual([
      ['photo-1.jpg', 'image/jpeg', [0xff, 0xd8, 1, 0xff, 0xd9]],
      ['photo-2.jpg', 'image/jpeg', [0xff, 0xd8, 2, 0xff, 0xd9]],
    ]);
    expect((await files()).map((file) => file.mail_id)).toEqual([id, id]);
  });

  it('go once the mail is sent or given up, and only by the sender holding it', async () => {
    const sent = await enqueueMail(database.db, { ...toSupport, attachments: [photo(1)] }, now);
    const givenUp = await enqueueMail(database.db, { ...toSupport, attachments: [photo(2)] }, now);
    await claim();
    await markMailSent(database.db, sent, 'someone else', now);
    expect(await files()).toHaveLength(2);
    await markMailSent(database.db, sent, 'me', now);
    await markMailGivenUp(database.db, givenUp, 'me', { attempts: 9, lastError: 'refused', at: now });
    expect(await files()).toEqual([]);
  });

  it('go with the mail when its address is forgotten', async () => {
    await enqueueMail(database.db, { ...toSupport, to: 'dana@example.com', attachments: [photo(1)] }, now);
    const kept = await enqueueMail(database.db, { ...toSupport, attachments: [photo(2)] }, now);
    expect(await forgetMailOf(database.db, 'dana@example.com')).toBe(1);
    expect(await files()).toEqual([{ mail_id: kept, filename: 'photo-2.jpg' }]);
  });
});

describe('erasure and retention', () => {
  it('forgets every mail to or from an address, sent or not, whatever its case', async () => {
    const id = await enqueueMail(
      database.db,
      { ...toSupport, to: 'Dana@Example.com', replyTo: undefined },
      now,
    );
    await claimDueMail(database.db, 'me', now, { limit: 1, until: new Date(now.getTime() + 60_000) });
    await markMailSent(database.db, id, 'me', now);
    await enqueueMail(database.db, { ...toSupport, to: 'dana@example.com', replyTo: undefined }, now);
    await enqueueMail(database.db, { ...toSupport, replyTo: 'dana@example.com' }, now);
    await enqueueMail(database.db, { ...toSupport, to: 'sam@example.test' }, now);

    expect(await forgetMailOf(database.db, 'dana@example.com')).toBe(3);
    const left = await database.db.selectFrom('mail_outbox').select(['to_address', 'reply_to']).execute();
    expect(left).toEqual([{ to_address: 'sam@example.test', reply_to: 'sam@example.test' }]);
  });

  it('spares the mail queued for the erasure itself, and forgets its address once it is sent or given up', async () => {
    const to = { ...toSupport, to: 'dana@example.com', replyTo: undefined };
    const code = await enqueueMail(database.db, to, now);
    const receipt = await enqueueMail(database.db, to, now, afterErasure('a1'));
    const farewell = await enqueueMail(database.db, to, now, afterErasure('a1'));
    expect(await forgetMailOf(database.db, 'dana@example.com')).toBe(1);
    const rows = () =>
      database.db.selectFrom('mail_outbox').select(['id', 'to_address', 'text']).orderBy('id').execute();
    expect((await rows()).map((row) => row.id)).toEqual([receipt, farewell]);
    expect(code).toBeLessThan(receipt);

    await claimDueMail(database.db, 'me', now, { limit: 2, until: new Date(now.getTime() + 60_000) });
    await markMailSent(database.db, receipt, 'me', now);
    await markMailGivenUp(database.db, farewell, 'me', { attempts: 9, lastError: 'refused', at: now });
    expect(await rows()).toEqual([
      { id: receipt, to_address: '[erased]', text: '' },
      { id: farewell, to_address: '[erased]', text: '' },
    ]);
  });

  it('prunes sent and given-up mail older than the cutoff, never mail still to send', async () => {
    const day = 24 * 60 * 60_000;
    const old = new Date(now.getTime() - 40 * day);
    const sentLongAgo = await enqueueMail(database.db, toSupport, old);
    const givenUpLongAgo = await enqueueMail(database.db, toSupport, old);
    const stillQueued = await enqueueMail(database.db, toSupport, old);
    const sentRecently = await enqueueMail(database.db, toSupport, now);
    const set = (id: number, values: { sent_at?: string; given_up_at?: string }) =>
      database.db.updateTable('mail_outbox').set(values).where('id', '=', id).execute();
    await set(sentLongAgo, { sent_at: old.toISOString() });
    await set(givenUpLongAgo, { given_up_at: old.toISOString() });
    await set(sentRecently, { sent_at: now.toISOString() });

    expect(await pruneFinishedMail(database.db, new Date(now.getTime() - 30 * day))).toBe(2);
    const left = await database.db.selectFrom('mail_outbox').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual([stillQueued, sentRecently]);
  });
});
