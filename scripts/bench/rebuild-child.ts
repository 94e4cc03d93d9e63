// Bench-only entry: what `npm run rebuild` (scripts/rebuild.ts) does, timed step by step, in a process of its own
// so that its peak memory is the rebuild's alone. Prints one JSON line at the end for scripts/bench/full-rebuild.ts.
import { readEnv } from '../../api/env';
import { NOTHING_TO_WAKE, openRuntime, renderTargetOf } from '../../api/runtime';
import { replay } from '../../events/replay';
import { rebuildEveryPage } from '../../renderer/page-template';

export type RebuildChildReport = {
  replayMs: number;
  renderMs: number;
  events: number;
  rendered: number;
  removed: number;
  /** process.resourceUsage().maxRSS: peak resident set size in kilobytes. */
  maxRssKb: number;
  /** The same, once the process had started and opened the database, before the replay. */
  startMaxRssKb: number;
  /** The same, once the read models were replayed and before any page was rendered. */
  replayMaxRssKb: number;
};

const env = readEnv();
const { deps, database } = await openRuntime(env, NOTHING_TO_WAKE);
const startMaxRssKb = process.resourceUsage().maxRSS;
try {
  const started = performance.now();
  const replayed = await replay(deps.db);
  const replayDone = performance.now();
  const replayMaxRssKb = process.resourceUsage().maxRSS;
  const pages = await rebuildEveryPage(deps.db, renderTargetOf(env, deps));
  const report: RebuildChildReport = {
    replayMs: replayDone - started,
    renderMs: performance.now() - replayDone,
    events: replayed.events,
    rendered: pages.rendered,
    removed: pages.removed,
    maxRssKb: process.resourceUsage().maxRSS,
    startMaxRssKb,
    replayMaxRssKb,
  };
  console.log(JSON.stringify(report));
} finally {
  await database.close();
}
