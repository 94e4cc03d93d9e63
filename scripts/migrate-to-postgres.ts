import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { OWNER_ONLY_UMASK } from '../api/process/file-modes';
import { postgresOpenFailure } from '../api/process/postgres-failure';
import { databaseFile, readEnvOrExit } from '../api/runtime';
import { moveToPostgres } from '../events/move-to-postgres';
import { openDatabase } from '../platform/database/db';
import { openPostgresDatabase } from '../platform/database/postgres';
import { serverRunning } from './server-running';

// The database and its copies are the owner's only (api/process/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

// Moves the SQLite install in DATA_DIR into an empty PostgreSQL database: the log and every table it cannot give
// back are copied, the read models rebuilt from the copied log (events/move-to-postgres.ts). Photos and pages stay
// in DATA_DIR. The SQLite file is only read: until DATABASE_URL points the server at PostgreSQL, nothing changes.
const { values } = parseArgs({ options: { to: { type: 'string' } } });
const env = readEnvOrExit();
const url = values.to ?? env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('Usage: npm run migrate-to-postgres -- --to postgres://user@host:5432/database');
  console.error('       (or set DATABASE_URL). Stop the server first; the database must be empty.');
  process.exit(2);
}
if (serverRunning(env.dataDir)) {
  console.error('The server is running on this data folder. Stop it (Ctrl-C) before moving its database.');
  process.exit(1);
}
const file = databaseFile(env);
if (!fs.existsSync(file)) {
  console.error(`No SQLite database at ${file}: set DATA_DIR to the install's data folder.`);
  process.exit(1);
}

// Brings an older install's schema up to date first, so both sides have the same tables and columns.
const source = await openDatabase(file);
try {
  const target = await openPostgresDatabase(url).catch((error: unknown) => {
    throw postgresOpenFailure(url, error) ?? error;
  });
  try {
    const started = performance.now();
    // Nothing is committed until the last step: stopped before it, the database is as empty as it was.
    const report = await moveToPostgres(source.db, target.db, {
      onProgress: (step) =>
        console.log(`  ${step}: done (${((performance.now() - started) / 1000).toFixed(1)} s)`),
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const list = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([table, count]) => `${table} ${count}`)
        .join(', ');
    console.log(`Moved ${report.events} events from ${file} to PostgreSQL in ${seconds} s.`);
    console.log(`Copied: ${list(report.copied)}.`);
    console.log(`Rebuilt from the log: ${list(report.rebuilt)}.`);
    console.log(
      'Start the server with DATABASE_URL set to this database; photos and pages stay in DATA_DIR.',
    );
  } finally {
    await target.close();
  }
} catch (error) {
  console.error(`Move refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await source.close();
}
