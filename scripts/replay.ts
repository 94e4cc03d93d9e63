import { OWNER_ONLY_UMASK } from '../api/file-modes';
import { exitOnStartupProblem, openDataDatabase, readEnvOrExit } from '../api/runtime';
import { replay } from '../events/replay';

// The database, its backups and the photos are the owner's only (api/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

// Rebuilds every read model from the event log. Safe beside a running server: it is one transaction.
const database = await openDataDatabase(readEnvOrExit()).catch(exitOnStartupProblem);
try {
  const started = performance.now();
  const report = await replay(database.db);
  const ms = Math.round(performance.now() - started);
  const rows = Object.entries(report.rows)
    .map(([table, count]) => `${table}: ${count}`)
    .join(', ');
  console.log(`Replayed ${report.events} events in ${ms} ms. Rebuilt ${rows || 'no tables'}.`);
} finally {
  await database.close();
}
