export const USAGE = 'Usage: tsx scripts/bench.ts [--strict | --quick]';

export type BenchArgs =
  | { kind: 'run'; strict: boolean; quick: boolean }
  | { kind: 'help' }
  | { kind: 'wrong'; message: string };

/**
 * `--strict`: a missed budget exits 1. `--quick`: each figure once on small data, budgets not checked (CI), so
 * the two don't go together: a quick run's figures are too small a sample to hold to a budget.
 */
export function parseBenchArgs(args: string[]): BenchArgs {
  let strict = false;
  let quick = false;
  for (const arg of args) {
    if (arg === '--strict') strict = true;
    else if (arg === '--quick') quick = true;
    else if (arg === '--help' || arg === '-h') return { kind: 'help' };
    else return { kind: 'wrong', message: `Unknown argument: ${arg}` };
  }
  if (strict && quick)
    return { kind: 'wrong', message: '--quick checks no budget, so it cannot be --strict as well' };
  return { kind: 'run', strict, quick };
}
