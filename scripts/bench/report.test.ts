import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { atLeast, atMost, formatNumber, formatTable, info, missed, okMark, writeJson } from './report';

describe('okMark', () => {
  it('marks met, missed and informational figures', () => {
    expect(okMark(true)).toBe('✓');
    expect(okMark(false)).toBe('✗');
    expect(okMark(null)).toBe('–');
  });
});

describe('budget rows', () => {
  it('checks a minimum and a maximum, inclusive', () => {
    expect(atLeast('appends', 1_000, 'commits/s', 1_000)).toEqual({
      figure: 'appends',
      value: 1_000,
      unit: 'commits/s',
      budget: '≥ 1,000 commits/s',
      ok: true,
    });
    expect(atLeast('appends', 999.9, 'commits/s', 1_000).ok).toBe(false);
    expect(atMost('p95', 20, 'ms', 20).ok).toBe(true);
    expect(atMost('p95', 20.1, 'ms', 20)).toMatchObject({ budget: '≤ 20 ms', ok: false });
    expect(info('size', 3, 'MB')).toMatchObject({ budget: '', ok: null });
  });

  it('lists only the missed rows', () => {
    const rows = [atLeast('a', 1, 'x', 2), atLeast('b', 3, 'x', 2), info('c', 1, 'x')];
    expect(missed(rows).map((row) => row.figure)).toEqual(['a']);
  });
});

describe('formatNumber', () => {
  it('groups large numbers and keeps a little precision on small ones', () => {
    expect(formatNumber(123_456.7)).toBe('123,457');
    expect(formatNumber(4.236)).toBe('4.24');
    expect(formatNumber(0)).toBe('0');
  });
});

describe('formatTable', () => {
  it('aligns columns, right-aligns values and shows a mark for each row', () => {
    const table = formatTable([
      atLeast('durable event appends', 1_709.4, 'commits/s', 1_000),
      atLeast('full replay', 58_776, 'events/s', 100_000),
      info('replay time', 1_701, 'ms'),
    ]);
    expect(table).toBe(
      [
        'figure                |           value | budget             | within budget?',
        '----------------------+-----------------+--------------------+---------------',
        'durable event appends | 1,709 commits/s | ≥ 1,000 commits/s  | ✓',
        'full replay           | 58,776 events/s | ≥ 100,000 events/s | ✗',
        'replay time           |        1,701 ms | –                  | –',
      ].join('\n'),
    );
  });

  it('prints just the header when there are no rows', () => {
    expect(formatTable([]).split('\n')).toHaveLength(2);
  });
});

describe('writeJson', () => {
  it('writes the rows with the machine they ran on', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-test-'));
    try {
      const file = path.join(dir, 'bench-results.json');
      const rows = [atLeast('appends', 1_500, 'commits/s', 1_000)];
      writeJson(file, rows, new Date('2026-11-22T10:00:00Z'));
      const written = JSON.parse(fs.readFileSync(file, 'utf8'));
      expect(written.rows).toEqual(rows);
      expect(written.machine).toMatchObject({
        node: process.version,
        cpus: os.cpus().length,
        totalMemoryBytes: os.totalmem(),
        date: '2026-11-22T10:00:00.000Z',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
