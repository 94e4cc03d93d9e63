import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** SQLite's online backup: a consistent copy of a live database while the server keeps writing. */
export async function backupDatabase(
  sqlite: SQLite.Database,
  destination: string,
): Promise<{ pages: number }> {
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const temporary = `${destination}.partial`;
  const result = await sqlite.backup(temporary);
  fs.renameSync(temporary, destination);
  return { pages: result.totalPages };
}

/** Refuses anything that is not an intact database of ours, so a wrong file can't replace the live one. */
export function checkBackup(file: string): { events: number } {
  if (!fs.existsSync(file)) throw new Error(`No backup at ${file}`);
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} is damaged: ${String(integrity)}`);
    const table = sqlite
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'events'`)
      .get();
    if (!table) throw new Error(`${file} is not a TradeCard database (it has no event log)`);
    const { count } = sqlite.prepare('SELECT count(*) AS count FROM events').get() as { count: number };
    return { events: count };
  } catch (error) {
    if (error instanceof Error && /file is not a database/.test(error.message)) {
      throw new Error(`${file} is not a SQLite database`);
    }
    throw error;
  } finally {
    sqlite.close();
  }
}

/**
 * Puts a checked backup in place of the database file. The current file is kept beside it, renamed, so a restore
 * can itself be undone. The caller must make sure no server has the database open.
 */
export function restoreDatabase(
  backup: string,
  databaseFile: string,
  now: Date,
): { events: number; previous: string | null } {
  const { events } = checkBackup(backup);
  return { events, previous: replaceDatabaseFile(backup, databaseFile, now) };
}

/**
 * Puts a copy of `source` where `databaseFile` is. The database it replaces is kept beside it, its WAL folded in
 * first so the kept copy is complete on its own; returns where (null when there was none).
 */
export function replaceDatabaseFile(source: string, databaseFile: string, now: Date): string | null {
  const incoming = `${databaseFile}.restoring`;
  fs.copyFileSync(source, incoming);
  let previous: string | null = null;
  if (fs.existsSync(databaseFile)) {
    const current = new SQLite(databaseFile);
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    previous = `${databaseFile}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(databaseFile, previous);
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${databaseFile}${suffix}`, { force: true });
  fs.renameSync(incoming, databaseFile);
  return previous;
}
