// The figures of issue 15 alone, PostgreSQL beside SQLite (`npm run bench` runs them with the rest):
// tsx scripts/bench/scale-run.ts [live] [rebuild]   (both when none is named)
import { fullRebuild } from './full-rebuild';
import { publishLive } from './publish-live';
import { type BenchRow, FULL_RUN, formatTable } from './report';
import { postgresLeftOut } from './temp-db';

const parts: Record<string, () => Promise<BenchRow[]>> = {
  live: () => publishLive(FULL_RUN),
  rebuild: () => fullRebuild(),
};
const chosen = process.argv.slice(2);
const rows: BenchRow[] = [];
for (const name of chosen.length > 0 ? chosen : Object.keys(parts)) {
  const part = parts[name];
  if (!part) throw new Error(`no such part: ${name} (${Object.keys(parts).join(', ')})`);
  rows.push(...(await part()));
}
console.log(formatTable(rows));
for (const what of postgresLeftOut()) console.log(`Left out: the PostgreSQL rows of ${what}.`);
