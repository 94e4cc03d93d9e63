import { OWNER_ONLY_UMASK } from '../api/process/file-modes';
import { exitOnStartupProblem, openDataDatabase, readEnvOrExit } from '../api/runtime';
import { replay } from '../events/replay';

// The database, its backups and the photos are the owner's only (api/process/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

// Rebuilds every read model from the event log. Safe beside a running server: it builds shadow tables in short
// transactions and swaps them in with one more (ADR 019).
const database = await openDataDatabase(readEnvOrExit()).catch(exitOnStartupProblem);
try {
  const started = performance.now();
  const report = await replay(database.db);
  const ms = Math.round(performance.now() - started);
  const rows = Object.entries(report.rows)
    .map(([table, count]) => `${table}: ${count}`)
    .join(', ');
  const { longestMs, longestStep, longestByStep, swapMs, transactions, all } = report.lock;
  const p99 = all.toSorted((a, b) => a - b)[Math.max(0, Math.ceil(all.length * 0.99) - 1)] ?? 0;
  console.log(`Replayed ${report.events} events in ${ms} ms. Rebuilt ${rows || 'no tables'}.`);
  console.log(
    `Held the write lock at most ${longestMs.toFixed(1)} ms (${transactions} transactions; the swap ${swapMs.toFixed(1)} ms; longest: ${longestStep || 'none'}; p99 ${p99.toFixed(1)} ms).`,
  );
  const steps = Object.entries(longestByStep)
    .map(([step, stepMs]) => `${step} ${stepMs.toFixed(1)} ms`)
    .join(', ');
  console.log(
    `Longest by step: ${steps}. Most CPU in one transaction: ${report.lock.mostCpuMs.toFixed(1)} ms.`,
  );
} finally {
  await database.close();
}
