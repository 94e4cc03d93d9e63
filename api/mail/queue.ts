import type { Selectable } from 'kysely';
import type { Db } from '../../platform/database/db';
import { isPostgres, wakeLeaderOnCommit } from '../../platform/database/dialect';
import type { MailOutboxTable } from '../../platform/database/schema';
import type { MailAttachment, MailMessage } from './mailer';

export type QueuedMail = Selectable<MailOutboxTable>;

const AFTER_ERASURE = 'after-erasure:';
/** What a finished row to an erased account keeps of the address: nothing. */
const ERASED_ADDRESS = '[erased]';

/**
 * `about` for mail to someone whose account is being erased (its refund receipts, the confirmation that it is gone):
 * queued on purpose, so erasure's `forgetMailOf` spares it; and once sent or given up its row forgets the address as
 * well as the bodies (ADR 004), so nothing of the person outlives the mail.
 */
export const afterErasure = (accountId: string) => `${AFTER_ERASURE}${accountId}`;

/**
 * Queues a message. Call it with the transaction that records what the mail is about, so the two commit or roll
 * back together; then nudge the sender (`deps.mailQueued()`) once that transaction has committed. `about`: the
 * stream the mail is about, for a mail that must go when that one thing is erased (`forgetMailAbout`).
 */
export async function enqueueMail(db: Db, message: MailMessage, now: Date, about?: string): Promise<number> {
  const at = now.toISOString();
  const row = await db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      reply_to: message.replyTo ?? null,
      list_unsubscribe: message.listUnsubscribe ?? null,
      about: about ?? null,
      created_at: at,
      attempts: 0,
      next_attempt_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, file] of (message.attachments ?? []).entries())
    await db
      .insertInto('mail_attachments')
      .values({
        mail_id: row.id,
        position,
        filename: file.filename,
        content_type: file.contentType,
        content: file.content,
      })
      .execute();
  // The sender may run in another instance (the leader); this reaches it as the mail's transaction commits.
  await wakeLeaderOnCommit(db, 'mail');
  return row.id;
}

const queuedMessage = (row: QueuedMail): MailMessage => ({
  to: row.to_address,
  subject: row.subject,
  text: row.text,
  html: row.html,
  ...(row.reply_to ? { replyTo: row.reply_to } : {}),
  ...(row.list_unsubscribe ? { listUnsubscribe: row.list_unsubscribe } : {}),
});

/** A row's message with its files, read only as it is sent: a claim of ten rows never carries their megabytes. */
export async function queuedMessageWithFiles(db: Db, row: QueuedMail): Promise<MailMessage> {
  const files = await db
    .selectFrom('mail_attachments')
    .select(['filename', 'content_type', 'content'])
    .where('mail_id', '=', row.id)
    .orderBy('position')
    .execute();
  const message = queuedMessage(row);
  if (files.length === 0) return message;
  const attachments: MailAttachment[] = files.map((file) => ({
    filename: file.filename,
    contentType: file.content_type,
    content: file.content,
  }));
  return { ...message, attachments };
}

/** A finished or forgotten mail's files go with its bodies. */
async function dropFiles(db: Db, ids: number[]) {
  for (let start = 0; start < ids.length; start += 500)
    await db
      .deleteFrom('mail_attachments')
      .where('mail_id', 'in', ids.slice(start, start + 500))
      .execute();
}

/**
 * Takes up to `limit` due rows, oldest first, for `owner` until `until`. One UPDATE picks and marks them, so two
 * senders (in this process, another, or another instance) never hold the same row. SQLite runs it under its write
 * lock. On PostgreSQL two such statements run at once and, without more, both pick the same rows from their
 * snapshots and the second overwrites the first's claim (each mail sent twice, as two-senders.test.ts showed):
 * there the pick locks its rows and skips rows another claim has locked.
 */
export async function claimDueMail(
  db: Db,
  owner: string,
  now: Date,
  options: { limit: number; until: Date },
): Promise<QueuedMail[]> {
  const at = now.toISOString();
  const rows = await db
    .updateTable('mail_outbox')
    .set({ claimed_by: owner, claimed_until: options.until.toISOString() })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('given_up_at', 'is', null)
        .where('next_attempt_at', '<=', at)
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', at)]))
        .orderBy('id')
        .limit(options.limit)
        .$if(isPostgres(db), (pick) => pick.forUpdate().skipLocked()),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * A finished row keeps who it went to and when, never what it said (codes, reset links, people's messages, a
 * summary's unsubscribe token).
 */
const BLANKED = { subject: '', text: '', html: '', reply_to: null, list_unsubscribe: null };
const RELEASED = { claimed_by: null, claimed_until: null };

// Every write below checks the claim: a sender whose claim lapsed (it hung past its lease) must not overwrite
// what the sender that took the row over recorded.
const heldBy = (db: Db, id: number, owner: string) =>
  db.updateTable('mail_outbox').where('id', '=', id).where('claimed_by', '=', owner);

/** A finished mail to an erased account: its address goes too. */
const forgetErasedAddress = (db: Db, id: number) =>
  db
    .updateTable('mail_outbox')
    .set({ to_address: ERASED_ADDRESS })
    .where('id', '=', id)
    .where('about', 'like', `${AFTER_ERASURE}%`)
    .execute();

/** Sent: the bodies (codes, reset links, people's messages) are blanked, so the table keeps no secrets. */
export async function markMailSent(db: Db, id: number, owner: string, now: Date): Promise<void> {
  const result = await heldBy(db, id, owner)
    .set({
      sent_at: now.toISOString(),
      attempts: (eb) => eb('attempts', '+', 1),
      ...BLANKED,
      ...RELEASED,
    })
    .executeTakeFirst();
  // Only by the sender still holding it: one that took the row over may be about to read its files.
  if (Number(result.numUpdatedRows) > 0) {
    await dropFiles(db, [id]);
    await forgetErasedAddress(db, id);
  }
}

export async function markMailRetry(
  db: Db,
  id: number,
  owner: string,
  failure: { attempts: number; lastError: string; nextAttemptAt: Date },
): Promise<void> {
  await heldBy(db, id, owner)
    .set({
      attempts: failure.attempts,
      last_error: failure.lastError,
      next_attempt_at: failure.nextAttemptAt.toISOString(),
      ...RELEASED,
    })
    .execute();
}

/** Given up: blanked like a sent row, since nobody will send it; the address, times and last error remain. */
export async function markMailGivenUp(
  db: Db,
  id: number,
  owner: string,
  failure: { attempts: number; lastError: string; at: Date },
): Promise<void> {
  const result = await heldBy(db, id, owner)
    .set({
      attempts: failure.attempts,
      last_error: failure.lastError,
      given_up_at: failure.at.toISOString(),
      ...BLANKED,
      ...RELEASED,
    })
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) {
    await dropFiles(db, [id]);
    await forgetErasedAddress(db, id);
  }
}

/** Hands back rows claimed but not tried (the sender is stopping), so another sender may take them at once. */
export async function releaseMailClaims(db: Db, owner: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(RELEASED)
    .where('claimed_by', '=', owner)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .execute();
}

/**
 * The new leader's first act as sender: every claim still on an unsent row is released, whatever its lease. Only the
 * leader sends (ADR 025), so a claim it did not make was made by a leader that died or lost its lock, and its mail
 * would otherwise wait out the lease. Returns how many rows were taken over.
 */
export async function takeOverMailClaims(db: Db): Promise<number> {
  const released = await db
    .updateTable('mail_outbox')
    .set(RELEASED)
    .where('claimed_by', 'is not', null)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}

/**
 * Erasure (ADR 004): every row to or from this address goes, sent or not. An unsent one may hold a code or a
 * reset link for an account that no longer exists, and a sent one still names the person. Mail queued for the
 * erasure itself (`afterErasure`) stays: it forgets the address once it has gone.
 */
export async function forgetMailOf(db: Db, email: string): Promise<number> {
  const address = email.toLowerCase();
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['to_address']), '=', address),
        eb(eb.fn('lower', ['reply_to']), '=', address),
      ]),
    )
    .where((eb) => eb.or([eb('about', 'is', null), eb('about', 'not like', `${AFTER_ERASURE}%`)]))
    .execute();
  return deleteMail(
    db,
    rows.map((row) => row.id),
  );
}

/** Erasing one thing (an enquiry its owner deleted): every mail about it goes, sent or not, files and all. */
export async function forgetMailAbout(db: Db, about: string): Promise<number> {
  const rows = await db.selectFrom('mail_outbox').select('id').where('about', '=', about).execute();
  return deleteMail(
    db,
    rows.map((row) => row.id),
  );
}

/** Their files first (a customer's photos), then the rows, in the caller's transaction. */
async function deleteMail(db: Db, ids: number[]): Promise<number> {
  await dropFiles(db, ids);
  for (let start = 0; start < ids.length; start += 500)
    await db
      .deleteFrom('mail_outbox')
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
  return ids.length;
}

/** Sent and given-up rows are kept a while for support to see what went where, then dropped. */
export async function pruneFinishedMail(db: Db, before: Date): Promise<number> {
  const at = before.toISOString();
  // A finished row's files went when it finished; any a crash left between the two go now.
  await db
    .deleteFrom('mail_attachments')
    .where('mail_id', 'in', (eb) =>
      eb
        .selectFrom('mail_outbox')
        .select('id')
        .where((w) => w.or([w('sent_at', 'is not', null), w('given_up_at', 'is not', null)])),
    )
    .execute();
  const result = await db
    .deleteFrom('mail_outbox')
    .where((eb) => eb.or([eb('sent_at', '<', at), eb('given_up_at', '<', at)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
