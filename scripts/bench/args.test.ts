import { describe, expect, it } from 'vitest';
import { parseBenchArgs } from './args';

describe('parseBenchArgs', () => {
  it('runs the full bench, budgets reported, by default', () => {
    expect(parseBenchArgs([])).toEqual({ kind: 'run', strict: false, quick: false });
  });

  it('takes --strict and --quick', () => {
    expect(parseBenchArgs(['--strict'])).toEqual({ kind: 'run', strict: true, quick: false });
    expect(parseBenchArgs(['--quick'])).toEqual({ kind: 'run', strict: false, quick: true });
  });

  it('refuses --strict with --quick, as a quick run checks no budget', () => {
    expect(parseBenchArgs(['--quick', '--strict'])).toMatchObject({ kind: 'wrong' });
  });

  it('refuses an argument it does not know, naming it', () => {
    expect(parseBenchArgs(['--quik'])).toEqual({ kind: 'wrong', message: 'Unknown argument: --quik' });
  });

  it('answers --help and -h', () => {
    expect(parseBenchArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseBenchArgs(['-h'])).toEqual({ kind: 'help' });
  });
});
