import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OpenedDatabase, openDatabase } from '../../events/db';

/**
 * Runs `work` against a real SQLite file (WAL, synchronous=FULL, as in production) in a fresh temp folder, and
 * removes the folder afterwards even when `work` throws: a bench on :memory: would hide the fsync cost.
 */
export async function withTempDatabase<T>(work: (opened: OpenedDatabase) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-'));
  try {
    const opened = await openDatabase(path.join(dir, 'app.db'));
    try {
      return await work(opened);
    } finally {
      await opened.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
