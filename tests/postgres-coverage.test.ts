import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTGRES_ONLY, POSTGRES_SUITES } from './support/postgres-suites';
import { SQL_AWAITING_CONTRACT } from './support/sql-awaiting-contract';

// Issue 26: the PostgreSQL run covers what differs between the databases. A module that issues SQL differs by
// nature, so some suite of that run must import it directly (its own test, or a contract suite of its area). A
// suite that reaches it only through the whole app proves little about its SQL: a route's test checks HTTP.

const root = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && fs.existsSync(path.join(root, file)));

const PRODUCTION =
  /^(api|events|renderer|contract|observability|stripe-simulator|platform)\/.*\.tsx?$|^scripts\/[^/]+\.ts$/;
/** Kysely's query builders, a raw `sql` template, or SQL text handed to a driver. */
const ISSUES_SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql(<[^>]*>)?`|\.exec\(\s*[`'"]/;

const sqlModules = tracked
  .filter((file) => PRODUCTION.test(file) && !file.endsWith('.test.ts'))
  .filter((file) => ISSUES_SQL.test(fs.readFileSync(path.join(root, file), 'utf8')))
  .sort();

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
function importedBy(suite: string): string[] {
  const source = fs.readFileSync(path.join(root, suite), 'utf8');
  return [...source.matchAll(IMPORT)].flatMap((match) => {
    const target = path.relative(root, path.resolve(root, path.dirname(suite), match[1] ?? match[2] ?? ''));
    return ['.ts', '.tsx', ''].map((extension) => target + extension);
  });
}

const covered = new Set([...POSTGRES_SUITES, ...POSTGRES_ONLY].flatMap(importedBy));
const uncovered = sqlModules.filter((file) => !covered.has(file));

describe('the PostgreSQL run', () => {
  it('finds the modules that issue SQL', () => {
    expect(sqlModules).toContain('events/store.ts');
    expect(sqlModules).toContain('api/mail/queue.ts');
    expect(sqlModules.length).toBeGreaterThan(50);
  });

  it('lists only suites that exist', () => {
    const missing = [...POSTGRES_SUITES, ...POSTGRES_ONLY].filter((suite) => !tracked.includes(suite));
    expect(missing).toEqual([]);
  });

  it('imports every module that issues SQL, but those still awaiting a contract suite, and no new one', () => {
    expect(uncovered.filter((file) => !SQL_AWAITING_CONTRACT.includes(file))).toEqual([]);
  });

  it('is told when a module awaiting a contract suite gets one, or stops issuing SQL, so the list only shrinks', () => {
    expect(SQL_AWAITING_CONTRACT.filter((file) => !uncovered.includes(file))).toEqual([]);
  });
});
