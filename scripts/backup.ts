import SQLite from 'better-sqlite3';
import { readEnv } from '../api/env';
import { databaseFile } from '../api/runtime';
import { backupDatabase, checkBackup } from '../events/backup';

const destination = process.argv[2];
if (!destination) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
// SQLite's online backup API: safe while the server is running and writing.
const sqlite = new SQLite(databaseFile(readEnv()), { fileMustExist: true });
try {
  const { pages } = await backupDatabase(sqlite, destination);
  const { events } = checkBackup(destination);
  console.log(`Backed up ${events} events (${pages} pages) to ${destination}.`);
} finally {
  sqlite.close();
}
