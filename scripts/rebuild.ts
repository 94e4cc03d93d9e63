import { OWNER_ONLY_UMASK } from '../api/process/file-modes';
import {
  exitOnStartupProblem,
  NOTHING_TO_WAKE,
  openRuntime,
  readEnvOrExit,
  renderTargetOf,
} from '../api/runtime';
import { replay } from '../events/replay';
import { rebuildEveryPage } from '../renderer/page-template';

// The database, its backups and the photos are the owner's only (api/process/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

// Rebuilds the read models from the log, then re-renders every public page from them. Safe beside the server: the
// replay holds the write lock only briefly, and the pages are rendered without moving the server's checkpoint
// (ADR 019).
const env = readEnvOrExit();
const { deps, database } = await openRuntime(env, NOTHING_TO_WAKE).catch(exitOnStartupProblem);
try {
  const started = performance.now();
  const replayed = await replay(deps.db);
  const pages = await rebuildEveryPage(deps.db, renderTargetOf(env, deps));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Rebuilt read models from ${replayed.events} events and rendered ${pages.rendered} profile ${pages.rendered === 1 ? 'page' : 'pages'} in ${seconds} s.`,
  );
  if (pages.removed > 0) console.log(`Removed ${pages.removed} folders that belonged to no account.`);
} finally {
  await database.close();
}
