// The figures named in the issues, each beside its budget (design §7). Usage: tsx scripts/bench.ts [--strict]
// A missed budget is reported but exits 0, so a slow machine doesn't fail a build; --strict makes it exit 1.

import path from 'node:path';
import { counting } from './bench/counting';
import { editorPhotosBenchmark } from './bench/editor-photos';
import { editorPreviewBenchmark } from './bench/editor-preview';
import { eventStoreBenchmark } from './bench/event-store';
import { lighthouseBenchmark } from './bench/lighthouse';
import { mediaPublish } from './bench/media-publish';
import { mediaUploads } from './bench/media-uploads';
import { profilesBenchmark } from './bench/profiles';
import { publishLive } from './bench/publish-live';
import { replayBesideServer } from './bench/replay-beside-server';
import { type Benchmark, type BenchRow, formatTable, missed, writeJson } from './bench/report';
import { startBenchmark } from './bench/start';
import { postgresLeftOut } from './bench/temp-db';
import { winningPage } from './bench/winning-page';
import { writeBusy } from './bench/write-busy';
import { writeConcurrent } from './bench/write-concurrent';
import { writeHistory } from './bench/write-history';

const USAGE = 'Usage: tsx scripts/bench.ts [--strict]';
const RESULTS_FILE = 'bench-results.json';

/** Every benchmark module, run in this order; add new ones here. */
const benchmarks: Benchmark[] = [
  eventStoreBenchmark,
  profilesBenchmark,
  { name: 'visit counting: /u/demo with counting on ÷ off (50,000 visitors)', run: counting },
  { name: 'publish → live on real servers: SQLite, PostgreSQL with 1 and 2 instances', run: publishLive },
  { name: 'write path: long history (3,000 saves of one card)', run: writeHistory },
  { name: 'write path: 10 concurrent publishers', run: writeConcurrent },
  { name: 'write path: lock held by another process', run: writeBusy },
  { name: 'media: publish with 200k files in media', run: mediaPublish },
  { name: 'media: 12 MP uploads (RSS, /u/demo during uploads)', run: mediaUploads },
  { name: 'replay beside the server (50k profiles)', run: () => replayBesideServer() },
  { name: 'start-up (npm start)', run: startBenchmark },
  {
    name: 'a page that wins jobs: /u/demo, its preview image, Wallet pass, quote requests, data export',
    run: winningPage,
  },
  { name: 'public site (Lighthouse)', run: lighthouseBenchmark },
  { name: 'editor live preview (Chromium)', run: editorPreviewBenchmark },
  { name: 'editor photo publish (Chromium)', run: editorPhotosBenchmark },
];

function parseArgs(args: string[]): { strict: boolean } {
  let strict = false;
  for (const arg of args) {
    if (arg === '--strict') strict = true;
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`Unknown argument: ${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  return { strict };
}

async function main(): Promise<void> {
  const { strict } = parseArgs(process.argv.slice(2));
  const rows: BenchRow[] = [];
  for (const benchmark of benchmarks) {
    // Progress goes to stderr so stdout stays just the table.
    process.stderr.write(`running ${benchmark.name}…\n`);
    rows.push(...(await benchmark.run()));
  }
  console.log(formatTable(rows));
  for (const what of postgresLeftOut())
    console.log(
      `Left out: the PostgreSQL rows of ${what} (PostgreSQL did not answer at BENCH_POSTGRES_URL).`,
    );
  const file = path.resolve(RESULTS_FILE);
  writeJson(file, rows);
  console.log(`\nWrote ${file}`);

  const misses = missed(rows);
  if (misses.length === 0) {
    console.log('All budgets met.');
    return;
  }
  console.log(`\nMISSED ${misses.length} budget(s): ${misses.map((row) => row.figure).join(', ')}`);
  if (strict) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
