import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withPostgresClient } from '../../platform/database/postgres';
import { failingFs, fsWithFreeBytes } from '../../tests/support/api/data-dir-fs';
import { TEST_SCHEMA_PREFIX } from '../../tests/support/events/db';
import { readEnv } from '../env';
import { openDataDatabase } from '../runtime';
import { checkDataDir } from './data-dir';
import { StartupProblem } from './startup-problem';

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-data-dir-'));
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const DEV = { production: false, minFreeMb: 0 };
const PROD = { production: true, minFreeMb: 0 };

async function problem(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => {
      throw new Error('the check passed');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StartupProblem);
  return (error as Error).message;
}

describe('checkDataDir on real folders', () => {
  it('passes a writable folder and leaves nothing behind', async () => {
    await checkDataDir(root, DEV);
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it('creates a missing folder outside production mode, as the quick start expects', async () => {
    const dir = path.join(root, 'nested', 'data');
    await checkDataDir(dir, DEV);
    expect(fs.statSync(dir).isDirectory()).toBe(true);
  });

  it('refuses a missing folder in production mode: the volume is probably not mounted', async () => {
    const dir = path.join(root, 'data');
    expect(await problem(checkDataDir(dir, PROD))).toBe(
      `DATA_DIR ${dir} does not exist: the volume is probably not mounted. Mount the data volume there, or set DATA_DIR to where it is mounted.`,
    );
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('refuses a file where the folder should be', async () => {
    const file = path.join(root, 'data');
    fs.writeFileSync(file, '');
    expect(await problem(checkDataDir(file, DEV))).toBe(
      `DATA_DIR ${file} is a file, not a folder: set DATA_DIR to a folder.`,
    );
  });

  it('refuses a path that runs through a file', async () => {
    fs.writeFileSync(path.join(root, 'file'), '');
    const dir = path.join(root, 'file', 'data');
    expect(await problem(checkDataDir(dir, DEV))).toMatch(
      `DATA_DIR ${dir} cannot be a folder: part of that path is a file.`,
    );
  });
});

describe('checkDataDir names the cause of a failed write', () => {
  const uid = process.getuid?.();

  it('permission denied (EACCES or EPERM), naming the user', async () => {
    for (const code of ['EACCES', 'EPERM']) {
      const message = await problem(checkDataDir(root, DEV, failingFs('writeFile', code)));
      expect(message).toMatch(
        new RegExp(`^DATA_DIR ${root} is not writable: .*uid ${uid}\\) lacks permission;`),
      );
      expect(message).toContain(`chown -R ${uid} ${root}`);
    }
  });

  it('a read-only file system (EROFS)', async () => {
    expect(await problem(checkDataDir(root, DEV, failingFs('writeFile', 'EROFS')))).toBe(
      `DATA_DIR ${root} is not writable: it is on a read-only file system; mount the data volume read-write, or set DATA_DIR to a writable folder.`,
    );
  });

  it('a full disk (ENOSPC on the probe)', async () => {
    expect(await problem(checkDataDir(root, DEV, failingFs('writeFile', 'ENOSPC')))).toBe(
      `DATA_DIR ${root} is not writable: its disk is full (no space left on device); free some space or give the volume more.`,
    );
  });

  it('a missing folder that cannot be created', async () => {
    const dir = path.join(root, 'data');
    expect(await problem(checkDataDir(dir, DEV, failingFs('mkdir', 'EACCES')))).toMatch(
      `DATA_DIR ${dir} does not exist and cannot be created: `,
    );
  });

  it('a database file in the folder that this user may not write (a volume carried over from another user)', async () => {
    fs.writeFileSync(path.join(root, 'app.db'), '');
    expect(await problem(checkDataDir(root, DEV, failingFs('access', 'EACCES')))).toMatch(
      `${path.join(root, 'app.db')} (inside DATA_DIR) is not writable: `,
    );
  });

  it('a disk with less free space than the minimum', async () => {
    const options = { production: true, minFreeMb: 16 };
    expect(await problem(checkDataDir(root, options, fsWithFreeBytes(15 * 1024 * 1024)))).toBe(
      `DATA_DIR ${root} is on a full disk: 15 MB free, and the server needs at least 16 MB to start. Free some space or give the volume more.`,
    );
    await checkDataDir(root, options, fsWithFreeBytes(17 * 1024 * 1024));
  });
});

describe('openDataDatabase', () => {
  const envFor = (dataDir: string, extra: NodeJS.ProcessEnv = {}) =>
    readEnv({ DATA_DIR: dataDir, READY_MIN_FREE_MB: '0', ...extra });

  it('opens the database after the check', async () => {
    const database = await openDataDatabase(envFor(root));
    await database.close();
    expect(fs.existsSync(path.join(root, 'app.db'))).toBe(true);
  });

  it('opens PostgreSQL when DATABASE_URL names one, and nothing in DATA_DIR but the checked folder', async ({
    skip,
  }) => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return skip('needs PostgreSQL (the postgres project)');
    // An operator's DATABASE_URL may pick a schema the same way (libpq's options parameter).
    const schema = `${TEST_SCHEMA_PREFIX}runtime_${process.pid}`;
    await withPostgresClient(url, (client) => client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`));
    const inSchema = new URL(url);
    inSchema.searchParams.set('options', `-c search_path=${schema}`);
    const database = await openDataDatabase(envFor(root, { DATABASE_URL: inSchema.toString() }));
    try {
      expect(database.dialect).toBe('postgres');
      const { rows } = await sql<{ name: string }>`SELECT current_schema() AS name`.execute(database.db);
      expect(rows[0]?.name).toBe(schema);
      expect(await database.db.selectFrom('events').select('global_position').execute()).toEqual([]);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(root, 'app.db'))).toBe(false);
  });

  it('runs the folder check first (production mode, volume not mounted)', async () => {
    const dir = path.join(root, 'missing');
    const env = envFor(dir, { PRODUCTION: 'true', DEMO: 'true' });
    expect(await problem(openDataDatabase(env))).toMatch(/the volume is probably not mounted/);
  });

  it('names the file when SQLite cannot open it', async () => {
    fs.mkdirSync(path.join(root, 'app.db'));
    expect(await problem(openDataDatabase(envFor(root)))).toMatch(
      `The database ${path.join(root, 'app.db')} could not be opened: SQLite cannot open it`,
    );
  });

  it('names the file when it is not a database', async () => {
    fs.writeFileSync(path.join(root, 'app.db'), 'not a database, just some words '.repeat(200));
    expect(await problem(openDataDatabase(envFor(root)))).toBe(
      `The database ${path.join(root, 'app.db')} is not a SQLite database: move it aside, or restore one with npm run restore.`,
    );
  });
});
