import fs from 'node:fs';
import path from 'node:path';
import { SITE_NAME } from '../api/app';
import { OWNER_ONLY_UMASK } from '../api/file-modes';
import { backupMediaDir, restoreStoredMedia } from '../api/media/copy-media';
import { simulatorBackupFile, simulatorDatabaseFile } from '../api/payments/create';
import { databaseFile, readEnvOrExit } from '../api/runtime';
import { storageFromEnv } from '../api/storage/from-env';
import { replaceDatabaseFile, restoreDatabase } from '../events/backup';
import { openDatabase } from '../events/db';
import { replay } from '../events/replay';
import { rebuildProfiles } from '../renderer/rebuild';

// The database, its backups and the photos are the owner's only (api/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

const backup = process.argv[2];
if (!backup) {
  console.error('Usage: npm run restore -- <file>   (stop the server first)');
  process.exit(2);
}
const env = readEnvOrExit();

function serverRunning(): boolean {
  const pidFile = path.join(env.dataDir, 'server.pid');
  if (!fs.existsSync(pidFile)) return false;
  try {
    process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

if (serverRunning()) {
  console.error('The server is running on this data folder. Stop it (Ctrl-C) before restoring.');
  process.exit(1);
}
try {
  const file = databaseFile(env);
  const now = new Date();
  const { events, previous } = restoreDatabase(backup, file, now);
  // The Stripe simulator's books, when the backup has them (PAYMENTS=local), so its subscriptions go on renewing.
  if (fs.existsSync(simulatorBackupFile(backup)))
    replaceDatabaseFile(simulatorBackupFile(backup), simulatorDatabaseFile(env.dataDir), now);
  // Bring the schema up to date (an older backup) and make the read models match the restored log exactly.
  const database = await openDatabase(file);
  const report = await replay(database.db);
  const storage = storageFromEnv(env);
  const media = await restoreStoredMedia(backupMediaDir(backup), storage);
  // Pages are rendered from the restored state; the server's projector would too, but then only as it catches up.
  const pages = await rebuildProfiles(database.db, {
    publicDir: path.join(env.dataDir, 'public'),
    storage,
    publicUrl: env.PUBLIC_URL,
    siteName: SITE_NAME,
  });
  await database.close();
  console.log(
    `Restored ${events} events and ${media} photo files from ${backup}; read models rebuilt from ${report.events} events; ${pages.rendered} pages rendered.`,
  );
  if (previous) console.log(`The database it replaced is kept at ${previous}.`);
} catch (error) {
  console.error(`Restore refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
