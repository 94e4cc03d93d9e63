import fs from 'node:fs';
import os from 'node:os';

/** One figure for `npm run bench`. ok is null for figures shown for information, with no budget to meet. */
export type BenchRow = { figure: string; value: number; unit: string; budget: string; ok: boolean | null };

/**
 * How big a run is. `quick` (CI, `npm run bench -- --quick`) runs each figure once on small data: it proves the
 * bench still works, and its figures mean little, so no budget is enforced on them.
 */
export type BenchOptions = { quick: boolean };

export const FULL_RUN: BenchOptions = { quick: false };

/** A benchmark module: `scripts/bench.ts` runs each in turn and prints all their rows in one table. */
export type Benchmark = { name: string; run: (options: BenchOptions) => Promise<BenchRow[]> };

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const smallNumbers = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

// Whole numbers read faster in a table; below 100 the fraction still carries information (e.g. 4.2 ms).
export const formatNumber = (value: number): string =>
  Math.abs(value) >= 100 ? numbers.format(value) : smallNumbers.format(value);

/** A figure that must reach `min` (throughput). */
export function atLeast(figure: string, value: number, unit: string, min: number): BenchRow {
  return { figure, value, unit, budget: `≥ ${formatNumber(min)} ${unit}`, ok: value >= min };
}

/** A figure that must stay at or under `max` (latency, size). */
export function atMost(figure: string, value: number, unit: string, max: number): BenchRow {
  return { figure, value, unit, budget: `≤ ${formatNumber(max)} ${unit}`, ok: value <= max };
}

export function info(figure: string, value: number, unit: string): BenchRow {
  return { figure, value, unit, budget: '', ok: null };
}

export const okMark = (ok: boolean | null): string => (ok === null ? '–' : ok ? '✓' : '✗');

export const missed = (rows: BenchRow[]): BenchRow[] => rows.filter((row) => row.ok === false);

export function formatTable(rows: BenchRow[]): string {
  const header = ['figure', 'value', 'budget', 'within budget?'];
  const cells = rows.map((row) => [
    row.figure,
    `${formatNumber(row.value)} ${row.unit}`.trim(),
    row.budget || '–',
    okMark(row.ok),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)),
  );
  // Values align right so their digits line up; everything else reads left to right.
  const line = (values: string[]) =>
    values
      .map((value, column) =>
        column === 1 ? value.padStart(widths[column] ?? 0) : value.padEnd(widths[column] ?? 0),
      )
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-');
  return [line(header), rule, ...cells.map(line)].join('\n');
}

export function machineInfo(now: Date) {
  return {
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemoryBytes: os.totalmem(),
    date: now.toISOString(),
  };
}

export function writeJson(file: string, rows: BenchRow[], now = new Date()): void {
  const report = { machine: machineInfo(now), rows };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}
