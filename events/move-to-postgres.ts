import { sql } from 'kysely';
import type { Db } from '../platform/database/db';
import { holdAppendLock, isPostgres } from '../platform/database/dialect';
import { continueIdentities } from '../platform/database/postgres';
import type { Database } from '../platform/database/schema';
import { foldWholeLog } from './fold-log';
import { readModels } from './read-models';
import { compileInserts, compileInsertsByTable } from './replay-rows';

/**
 * Moving a SQLite install into PostgreSQL (`npm run migrate-to-postgres`, ADR 023): every table is either copied
 * as it is, rebuilt by folding the copied log, or left empty; a table nobody has decided about stops the move.
 */

/** State the log cannot give back, copied row for row, each walked in the order of its key. */
export const COPIED_TABLES: Partial<Record<keyof Database, string[]>> = {
  // The log itself: same positions, stream versions, payloads and times.
  events: ['global_position'],
  // A client's retry after the move is still answered with its first attempt's events.
  idempotency_keys: ['key'],
  // Secrets and what guards them (design §2: never in the log).
  credentials: ['account_id'],
  sessions: ['token_hash'],
  verification_codes: ['account_id'],
  reset_tokens: ['token_hash'],
  throttles: ['key'],
  // The webhook inbox: a provider's redelivery after the move is still a duplicate.
  payment_events_seen: ['event_id'],
  // Queued and sent mail, with its claims and attempts, and the files of the queued.
  mail_outbox: ['id'],
  mail_attachments: ['id'],
  // Photos are files, not events; these say whose they are and which widths exist.
  media_uploads: ['media_id'],
  media_files: ['id'],
  // They describe the pages already in DATA_DIR/public, which stay where they are: the projector goes on from its
  // checkpoint instead of rendering every page again, and still knows each folder's account.
  projector_checkpoints: ['name'],
  rendered_profiles: ['account_id'],
  // Today's visits so far, and the salt their visitors were hashed with (ADR 029): a visitor before the move and
  // after it is one visitor, and the day is tallied whole.
  visit_salts: ['day'],
  visit_counts: ['account_id', 'day', 'source', 'action', 'card_code'],
  visit_visitors: ['account_id', 'day', 'visitor'],
  visit_allowances: ['account_id', 'day', 'address', 'action'],
  // When each own domain was last looked at (issue 31): a live one is not asked about again at once after the move.
  domain_checks: ['domain'],
};

/** Read models: folded from the copied log, as `npm run replay` would. */
export const REBUILT_TABLES = readModels.map((model) => model.table as string);

/** A cache that is always safe to empty (events/snapshots.ts): the next command on a stream folds it again. */
export const EMPTY_TABLES = ['snapshots'];

export type MoveReport = { copied: Record<string, number>; rebuilt: Record<string, number>; events: number };
export type MoveOptions = { onProgress?: (step: string) => void | Promise<void> };

/** Rows read from SQLite at a time; each is inserted in statements of 50 rows. */
const COPY_BATCH = 2000;

// biome-ignore lint/suspicious/noExplicitAny: tables named at run time; both sides share one schema.
type UntypedDb = { selectFrom(table: string): any };

/**
 * Copies `source` (SQLite) into `target` (PostgreSQL, migrated and empty) in one transaction on each side: the
 * copy either commits whole or leaves the target as it was, so a move that died half-way is simply run again.
 * The source's transaction holds its writers back, so the copy is of one moment even if a server was left running.
 */
export async function moveToPostgres(source: Db, target: Db, options: MoveOptions = {}): Promise<MoveReport> {
  if (isPostgres(source) || !isPostgres(target))
    throw new Error('moveToPostgres moves a SQLite database into a PostgreSQL one');
  await refuseUndecidedTables(source);
  return source.transaction().execute((from) =>
    target.transaction().execute(async (to) => {
      // A server already running on the target waits until the move commits rather than append beside it.
      await holdAppendLock(to);
      await refuseUnlessEmpty(to);
      const copied: Record<string, number> = {};
      for (const [table, key] of Object.entries(COPIED_TABLES)) {
        copied[table] = await copyTable(from, to, table, key ?? []);
        await options.onProgress?.(table);
      }
      await continueIdentities(to);
      const { events, rebuilt } = await foldIntoReadModels(to);
      await options.onProgress?.('read models');
      return { copied, rebuilt, events };
    }),
  );
}

async function refuseUndecidedTables(source: Db): Promise<void> {
  const decided = new Set([...Object.keys(COPIED_TABLES), ...REBUILT_TABLES, ...EMPTY_TABLES]);
  const undecided = (await source.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_migration') && !decided.has(name));
  if (undecided.length > 0)
    throw new Error(
      `The SQLite database has tables the move does not know whether to copy or rebuild (${undecided.join(', ')}): ` +
        'decide in events/move-to-postgres.ts. Nothing was written.',
    );
}

async function refuseUnlessEmpty(to: Db): Promise<void> {
  const events = await to
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  if (Number(events?.n ?? 0) > 0)
    throw new Error(
      `The PostgreSQL database already has ${events?.n} events: the move fills an empty database only. Nothing was written.`,
    );
  for (const table of [...Object.keys(COPIED_TABLES), ...REBUILT_TABLES, ...EMPTY_TABLES]) {
    const row = await (to as unknown as UntypedDb)
      .selectFrom(table)
      .select(sql`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row)
      throw new Error(
        `The PostgreSQL database is not empty (${table} has rows): the move fills an empty database only. Nothing was written.`,
      );
  }
}

/** Copies a table in pages walked by its key (a row value comparison, which both databases read). */
async function copyTable(from: Db, to: Db, table: string, key: string[]): Promise<number> {
  let after: unknown[] | null = null;
  let copied = 0;
  for (;;) {
    let query = (from as unknown as UntypedDb).selectFrom(table).selectAll().limit(COPY_BATCH);
    for (const column of key) query = query.orderBy(column);
    if (after)
      query = query.where(
        sql<boolean>`(${sql.join(key.map((column) => sql.ref(column)))}) > (${sql.join(after)})`,
      );
    const rows: Record<string, unknown>[] = await query.execute();
    for (const compiled of compileInserts(to, table, rows)) await to.executeQuery(compiled);
    copied += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < COPY_BATCH) return copied;
    after = key.map((column) => last[column]);
  }
}

async function foldIntoReadModels(to: Db): Promise<{ events: number; rebuilt: Record<string, number> }> {
  const rebuilt: Record<string, number> = Object.fromEntries(REBUILT_TABLES.map((table) => [table, 0]));
  let events = 0;
  for await (const folded of foldWholeLog(to)) {
    events = folded.events;
    const rows = folded.rows.map(({ model, row }) => ({ table: model.table as string, row }));
    for (const { table } of rows) rebuilt[table] = (rebuilt[table] ?? 0) + 1;
    for (const compiled of compileInsertsByTable(to, rows)) await to.executeQuery(compiled);
  }
  return { events, rebuilt };
}
