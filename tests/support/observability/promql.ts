import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import type { Registry } from 'prom-client';

/**
 * promtool (Debian's prometheus package), run from `cwd`. Missing, it fails the test with how to install it rather
 * than skipping: a rules file nobody checked is the one that fails to load on the night it is needed.
 */
export function promtool(cwd: string, ...args: string[]): SpawnSyncReturns<string> {
  const result = spawnSync('promtool', args, { cwd, encoding: 'utf8', timeout: 30_000 });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      "promtool is not on PATH: install Debian's prometheus package (promtool): sudo apt-get install -y --no-install-recommends prometheus",
    );
  if (result.error) throw result.error;
  return result;
}

/** Grafana's own variables, as plain PromQL for promtool's parser: a range, and a value in a label matcher. */
export const asPromQL = (grafanaExpr: string) =>
  grafanaExpr.replace(/\$__(rate_interval|interval|range)\b/g, '5m').replace(/\$\{?(\w+)\}?/g, '.*');

/** Words of PromQL that are neither functions nor series: operators, modifiers and the grouping keywords. */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'inf',
  'nan',
]);

/**
 * The series an expression selects, by name. Not a parser (promtool parses, and is asked to): it drops what can
 * hold a word that is no series (strings, label matchers, ranges, grouping label lists, offsets, Grafana variables),
 * then keeps each remaining name that no `(` follows, as a function or aggregation would.
 */
export function seriesNames(expr: string): string[] {
  const rest = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\boffset\s+-?\w+/g, ' ')
    .replace(/\$\{?\w+\}?/g, ' ');
  const names = new Set<string>();
  for (const match of rest.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*/g)) {
    const word = match[0];
    const at = match.index;
    // The exponent of a number (1e3) or a duration's unit.
    if (at > 0 && /[0-9.]/.test(rest[at - 1] as string)) continue;
    if (KEYWORDS.has(word.toLowerCase()) || /^\s*\(/.test(rest.slice(at + word.length))) continue;
    names.add(word);
  }
  return [...names];
}

/**
 * Every series name the registry exports, as Prometheus stores them: a histogram as its _bucket, _sum and _count,
 * a summary as itself, _sum and _count; and `up`, which Prometheus writes for every target it scrapes.
 */
export async function exportedSeries(registry: Registry): Promise<Set<string>> {
  const names = new Set(['up']);
  for (const { name, type } of await registry.getMetricsAsJSON()) {
    const kind = String(type);
    if (kind === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(name + suffix);
    else if (kind === 'summary') for (const suffix of ['', '_sum', '_count']) names.add(name + suffix);
    else names.add(name);
  }
  return names;
}
