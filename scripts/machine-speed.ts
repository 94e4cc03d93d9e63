// How fast this machine is today, in three fixed pieces of work on one core, printed before CI's steps: the same code's
// `npm test` has taken 430 s on one day's machine and 992 s on another's, so a step time means little without it.
// Compare the figures with those beside the CI times recorded in docs/development.md ("The CI budget").

import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

function timed(work: () => unknown): number {
  const started = performance.now();
  work();
  return Math.round(performance.now() - started);
}

/** Objects built, serialised, read back and sorted: what a test's server and its runner spend their time on. */
function javascript() {
  const rows = Array.from({ length: 2_000 }, (_, i) => ({
    id: `row-${i}`,
    n: (i * 7919) % 2_000,
    tags: ['a', 'b'],
  }));
  for (let round = 0; round < 150; round += 1) {
    const copy = JSON.parse(JSON.stringify(rows)) as typeof rows;
    copy.sort((a, b) => a.n - b.n || a.id.localeCompare(b.id));
  }
}

function hashing() {
  const block = Buffer.alloc(1024 * 1024, 7);
  const hash = createHash('sha256');
  for (let i = 0; i < 256; i += 1) hash.update(block);
  hash.digest();
}

function compressing() {
  const text = Buffer.from('<li class="tc-cd">Boiler service, £80</li>\n'.repeat(100_000));
  for (let i = 0; i < 4; i += 1) gzipSync(text, { level: 6 });
}

const figures = { javascript: timed(javascript), 'sha-256 256 MB': timed(hashing), gzip: timed(compressing) };
const total = Object.values(figures).reduce((sum, ms) => sum + ms, 0);
console.log(
  `Machine speed (one core, less is faster): ${Object.entries(figures)
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ')}; ${total} ms in all`,
);
