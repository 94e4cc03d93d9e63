import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import type { Env } from '../api/env';
import { backUpStoredMedia, backupMediaDir } from '../api/media/copy-media';
import { simulatorBackupFile, simulatorDatabaseFile } from '../api/payments/create';
import { OWNER_ONLY_UMASK } from '../api/process/file-modes';
import { databaseFile, readEnvOrExit } from '../api/runtime';
import { storageFromEnv } from '../api/storage/from-env';
import { backupDatabase, checkBackup } from '../platform/database/backup';
import { backupPostgres } from '../platform/database/backup-postgres';

// The database, its backups and the photos are the owner's only (api/process/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

const destination = process.argv[2];
if (!destination) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const env = readEnvOrExit();

/** SQLite's online backup API: safe while the server is running and writing. */
async function backupSqlite(env: Env, destination: string): Promise<string> {
  const sqlite = new SQLite(databaseFile(env), { fileMustExist: true });
  try {
    const { pages } = await backupDatabase(sqlite, destination);
    const { events } = checkBackup(destination);
    return `${events} events (${pages} pages)`;
  } finally {
    sqlite.close();
  }
}

/** pg_dump from one snapshot: safe while the server is running and writing too. */
async function backupOfPostgres(url: string, destination: string): Promise<string> {
  const { events, schema } = await backupPostgres(url, destination);
  return `${events} events (PostgreSQL schema ${schema}, pg_dump custom format)`;
}

try {
  const url = env.DATABASE_URL;
  const database = url ? await backupOfPostgres(url, destination) : await backupSqlite(env, destination);
  // Uploaded photos are not in the log; pages can be re-rendered, photos cannot. From the disk or the bucket.
  const media = await backUpStoredMedia(await storageFromEnv(env), backupMediaDir(destination));
  console.log(
    `Backed up ${database} to ${destination}, and ${media} new photo files to ${backupMediaDir(destination)}.`,
  );
  // PAYMENTS=local: the Stripe simulator's books (customers, subscriptions, invoices) go with the orders that name them.
  const books = simulatorDatabaseFile(env.dataDir);
  if (fs.existsSync(books)) {
    const simulator = new SQLite(books, { fileMustExist: true });
    try {
      await backupDatabase(simulator, simulatorBackupFile(destination));
      console.log(`Backed up the Stripe simulator's books to ${simulatorBackupFile(destination)}.`);
    } finally {
      simulator.close();
    }
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
