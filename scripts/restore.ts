import fs from 'node:fs';
import path from 'node:path';
import { backupMediaDir, restoreStoredMedia } from '../api/media/copy-media';
import { simulatorBackupFile, simulatorDatabaseFile } from '../api/payments/create';
import { OWNER_ONLY_UMASK } from '../api/process/file-modes';
import { databaseFile, openDataDatabase, readEnvOrExit, renderTargetOf } from '../api/runtime';
import { storageFromEnv } from '../api/storage/from-env';
import { replay } from '../events/replay';
import { replaceDatabaseFile, restoreDatabase } from '../platform/database/backup';
import { restorePostgres } from '../platform/database/backup-postgres';
import { rebuildProfiles } from '../renderer/rebuild';
import { serverRunning } from './server-running';

// The database, its backups and the photos are the owner's only (api/process/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

const backup = process.argv[2];
if (!backup) {
  console.error('Usage: npm run restore -- <file>   (stop the server first: every instance, on PostgreSQL)');
  process.exit(2);
}
const env = readEnvOrExit();

if (serverRunning(env.dataDir)) {
  console.error('The server is running on this data folder. Stop it (Ctrl-C) before restoring.');
  process.exit(1);
}
/** Puts the SQLite backup in place of DATA_DIR's database file, keeping the one it replaces beside it. */
async function restoreSqlite(backup: string, now: Date) {
  const file = databaseFile(env);
  const { events, previous } = restoreDatabase(backup, file, now);
  return {
    events,
    kept: previous && `The database it replaced is kept at ${previous}.`,
  };
}

/** Puts the pg_dump in place of DATABASE_URL's schema, keeping the one it replaces renamed beside it. */
async function restoreOfPostgres(backup: string, url: string, now: Date) {
  const { previous } = await restorePostgres(url, backup, now);
  return {
    events: null,
    kept:
      previous &&
      `The schema it replaced is kept as ${previous}; drop it (DROP SCHEMA … CASCADE) once satisfied.`,
  };
}

try {
  const now = new Date();
  const url = env.DATABASE_URL;
  const restored = url ? await restoreOfPostgres(backup, url, now) : await restoreSqlite(backup, now);
  // The Stripe simulator's books, when the backup has them (PAYMENTS=local), so its subscriptions go on renewing.
  if (fs.existsSync(simulatorBackupFile(backup)))
    replaceDatabaseFile(simulatorBackupFile(backup), simulatorDatabaseFile(env.dataDir), now);
  // Bring the schema up to date (an older backup) and make the read models match the restored log exactly.
  const database = await openDataDatabase(env);
  try {
    const report = await replay(database.db);
    const storage = await storageFromEnv(env);
    const media = await restoreStoredMedia(backupMediaDir(backup), storage);
    // Pages are rendered from the restored state; the server's projector would too, but then only as it catches up.
    const pages = await rebuildProfiles(
      database.db,
      renderTargetOf(env, { publicDir: path.join(env.dataDir, 'public'), storage }),
    );
    console.log(
      `Restored ${restored.events ?? report.events} events and ${media} photo files from ${backup}; read models rebuilt from ${report.events} events; ${pages.rendered} pages rendered.`,
    );
  } finally {
    await database.close();
  }
  if (restored.kept) console.log(restored.kept);
} catch (error) {
  console.error(`Restore refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
