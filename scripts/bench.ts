// The figures named in the issues, each beside its budget (design §7). Usage: tsx scripts/bench.ts [--strict | --quick]
// A missed budget is reported but exits 0, so a slow machine doesn't fail a build; --strict makes it exit 1.
// --quick (CI) runs each figure once on small data and checks no budget: it proves the bench still runs. Either way
// a benchmark that throws is reported, the others still run, and the exit code is 1.

import path from 'node:path';
import { parseBenchArgs, USAGE } from './bench/args';
import { counting } from './bench/counting';
import { editorPhotosBenchmark } from './bench/editor-photos';
import { editorPreviewBenchmark } from './bench/editor-preview';
import { eventStoreBenchmark } from './bench/event-store';
import { lighthouseBenchmark } from './bench/lighthouse';
import { mediaPublish } from './bench/media-publish';
import { mediaUploads } from './bench/media-uploads';
import { profilesBenchmark } from './bench/profiles';
import { publishLive } from './bench/publish-live';
import { randomPages, randomPagesBehindNginx } from './bench/random-pages';
import { replayBesideServer } from './bench/replay-beside-server';
import {
  type Benchmark,
  type BenchOptions,
  type BenchRow,
  formatTable,
  missed,
  writeJson,
} from './bench/report';
import { runtimeDependencies } from './bench/runtime-deps';
import { startBenchmark } from './bench/start';
import { postgresLeftOut } from './bench/temp-db';
import { winningPage } from './bench/winning-page';
import { writeBusy } from './bench/write-busy';
import { writeConcurrent } from './bench/write-concurrent';
import { writeHistory } from './bench/write-history';

const RESULTS_FILE = 'bench-results.json';

/** Every benchmark module, run in this order; add new ones here. */
const benchmarks: Benchmark[] = [
  eventStoreBenchmark,
  profilesBenchmark,
  { name: 'pages spread over every profile (100,000), beside nginx', run: randomPages },
  {
    name: 'pages spread over every profile, PostgreSQL, two instances behind nginx',
    run: randomPagesBehindNginx,
  },
  { name: 'visit counting: /u/demo with counting on ÷ off (50,000 visitors)', run: counting },
  { name: 'publish → live on real servers: SQLite, PostgreSQL with 1 and 2 instances', run: publishLive },
  { name: 'write path: long history (3,000 saves of one card)', run: writeHistory },
  { name: 'write path: 10 concurrent publishers', run: writeConcurrent },
  { name: 'write path: lock held by another process', run: writeBusy },
  { name: 'media: publish with 200k files in media', run: mediaPublish },
  { name: 'media: 12 MP uploads (RSS, /u/demo during uploads)', run: mediaUploads },
  { name: 'replay beside the server (50k profiles)', run: (options) => replayBesideServer(options) },
  { name: 'start-up (npm start)', run: startBenchmark },
  { name: 'the runtime image’s node_modules', run: runtimeDependencies },
  {
    name: 'a page that wins jobs: /u/demo, its preview image, Wallet pass, quote requests, data export',
    run: winningPage,
  },
  { name: 'public site (Lighthouse)', run: lighthouseBenchmark },
  { name: 'editor live preview (Chromium)', run: editorPreviewBenchmark },
  { name: 'editor photo publish (Chromium)', run: editorPhotosBenchmark },
];

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Every benchmark in turn; one that throws is named and the rest still run, so one breakage hides no other. */
async function runAll(options: BenchOptions): Promise<{ rows: BenchRow[]; threw: string[] }> {
  const rows: BenchRow[] = [];
  const threw: string[] = [];
  for (const benchmark of benchmarks) {
    // Progress goes to stderr so stdout stays just the table.
    process.stderr.write(`running ${benchmark.name}…\n`);
    const started = performance.now();
    try {
      rows.push(...(await benchmark.run(options)));
      process.stderr.write(`  done in ${seconds(started)}\n`);
    } catch (error) {
      threw.push(benchmark.name);
      process.stderr.write(
        `  THREW after ${seconds(started)}: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`,
      );
    }
  }
  return { rows, threw };
}

/** What the budgets say: only of a full run, whose figures are measured at the issues' sizes. */
function reportBudgets(rows: BenchRow[], strict: boolean): void {
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

async function main(): Promise<void> {
  const args = parseBenchArgs(process.argv.slice(2));
  if (args.kind === 'help') return console.log(USAGE);
  if (args.kind === 'wrong') {
    console.error(`${args.message}\n${USAGE}`);
    process.exit(2);
  }
  const started = performance.now();
  const { rows, threw } = await runAll({ quick: args.quick });
  console.log(formatTable(rows));
  for (const what of postgresLeftOut())
    console.log(
      `Left out: the PostgreSQL rows of ${what} (PostgreSQL did not answer at BENCH_POSTGRES_URL).`,
    );
  // A quick run's figures would overwrite a real run's results with numbers from too small a sample.
  if (args.quick)
    console.log(
      `\nQuick run (small data, each figure once): budgets not checked, ${RESULTS_FILE} not written.`,
    );
  else reportBudgets(rows, args.strict);
  process.stderr.write(`bench took ${seconds(started)}\n`);
  if (threw.length > 0) {
    console.log(`\nFAILED: ${threw.length} benchmark(s) threw: ${threw.join('; ')}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
