import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { connectedInstances, connectedInstancesProblem } from './connected-instances';
import { continueIdentities, withPostgresClient } from './postgres';

/**
 * Backups of a PostgreSQL install (DATABASE_URL): pg_dump's custom format of the schema the URL works in, taken from
 * one snapshot while the server keeps writing, and put back by pg_restore. The database it replaces is kept beside
 * it, as a schema renamed, so a restore can itself be undone (as platform/database/backup.ts keeps the replaced SQLite file).
 */

const run = promisify(execFile);

/** pg_dump and pg_restore come with PostgreSQL's client, not with this app: say so plainly when they are missing. */
export async function requirePostgresTools(): Promise<void> {
  for (const tool of ['pg_dump', 'pg_restore'])
    await run(tool, ['--version']).catch((error: NodeJS.ErrnoException) => {
      throw new Error(
        error.code === 'ENOENT'
          ? `${tool} is not installed (or not on PATH): backups of a PostgreSQL install need PostgreSQL's client tools, of the server's major version or newer (Debian: apt-get install postgresql-client-15)`
          : `${tool} --version failed: ${error.message}`,
      );
    });
}

/** Why pg_dump or pg_restore failed, in their own words. */
const toolFailure = (tool: string, error: unknown) =>
  new Error(`${tool} failed: ${((error as { stderr?: string }).stderr || (error as Error).message).trim()}`);

/**
 * Dumps the schema `url` works in. The event count is read in the snapshot pg_dump dumps (pg_export_snapshot), so
 * it is the count of the backup itself, however many events the server appends meanwhile.
 */
export async function backupPostgres(
  url: string,
  destination: string,
): Promise<{ events: number; schema: string }> {
  await requirePostgresTools();
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const partial = `${destination}.partial`;
  const taken = await withPostgresClient(url, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const { rows } = await client.query<{ snapshot: string; schema: string | null }>(
        'SELECT pg_export_snapshot() AS snapshot, current_schema() AS schema',
      );
      const { snapshot, schema } = rows[0] ?? { snapshot: '', schema: null };
      if (!schema) throw new Error('The database URL names no schema that exists: nothing to back up');
      const counted = await client.query<{ n: string }>('SELECT count(*) AS n FROM events');
      await run('pg_dump', [
        '--format=custom',
        `--snapshot=${snapshot}`,
        `--schema="${schema.replaceAll('"', '""')}"`,
        '--no-owner',
        '--no-privileges',
        `--file=${partial}`,
        `--dbname=${url}`,
      ]).catch((error) => {
        throw toolFailure('pg_dump', error);
      });
      return { events: Number(counted.rows[0]?.n ?? 0), schema };
    } finally {
      await client.query('ROLLBACK');
    }
  });
  fs.renameSync(partial, destination);
  return taken;
}

/** Refuses anything that is not a pg_dump of one of our databases; returns the schema it holds. */
export async function checkPostgresBackup(file: string): Promise<{ schema: string }> {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  await requirePostgresTools();
  const { stdout } = await run('pg_restore', ['--list', file]).catch(() => {
    throw new Error(`${file} is not a PostgreSQL backup (pg_dump's custom format)`);
  });
  const schema = /^\d+; 0 \d+ TABLE DATA (\S+) events /m.exec(stdout)?.[1];
  if (!schema) throw new Error(`${file} is not a TradeCard database (it has no event log)`);
  return { schema };
}

/**
 * Puts a checked backup in place of the schema `url` works in, which must be the schema it was taken from. The
 * current one is renamed aside (`<schema>_before_restore_<time>`) and kept; the restore runs in one transaction,
 * and if it fails the current schema gets its name back. Refused, changing nothing, while an instance of the install
 * is connected (platform/database/connected-instances.ts): what it wrote after the dump would be lost.
 */
export async function restorePostgres(
  url: string,
  backup: string,
  now: Date,
): Promise<{ previous: string | null }> {
  const { schema } = await checkPostgresBackup(backup);
  const current = await withPostgresClient(url, async (client) => {
    const { rows } = await client.query<{ path: string }>("SELECT current_setting('search_path') AS path");
    // The schema new tables go to: the first on the path that exists (current_schema()), or would (a fresh database).
    const existing = (await client.query<{ schema: string | null }>('SELECT current_schema() AS schema'))
      .rows[0];
    return existing?.schema ?? rows[0]?.path.split(',')[0]?.trim().replaceAll('"', '') ?? '';
  });
  if (current !== schema)
    throw new Error(
      `${backup} holds the schema ${schema}, but the database URL works in ${current}: nothing changed`,
    );
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const previous = `${schema}_before_restore_${stamp}`;
  // PostgreSQL would cut a longer name short, and the kept schema could not be found by it again.
  if (Buffer.byteLength(previous) > 63)
    throw new Error(`The schema name ${schema} is too long to keep a copy beside it: nothing changed`);
  const kept = await withPostgresClient(url, async (client) => {
    // Asked as late as can be, on the connection that then renames the schema: an instance started after the
    // question is not seen. Restore's own connections carry no name of ours.
    const problem = connectedInstancesProblem(await connectedInstances(client, schema), schema);
    if (problem) throw new Error(problem);
    const { rowCount } = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (!rowCount) return false;
    await client.query(
      `ALTER SCHEMA ${pg.escapeIdentifier(schema)} RENAME TO ${pg.escapeIdentifier(previous)}`,
    );
    return true;
  });
  try {
    await run('pg_restore', [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${url}`,
      backup,
    ]).catch((error) => {
      throw toolFailure('pg_restore', error);
    });
  } catch (error) {
    if (kept)
      await withPostgresClient(url, async (client) => {
        await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
        await client.query(
          `ALTER SCHEMA ${pg.escapeIdentifier(previous)} RENAME TO ${pg.escapeIdentifier(schema)}`,
        );
      });
    throw error;
  }
  const restored = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  try {
    await continueIdentities(restored);
  } finally {
    await restored.destroy();
  }
  return { previous: kept ? previous : null };
}
