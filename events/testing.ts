import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type OpenedDatabase, openDatabase } from './db';

/** A real SQLite file in a fresh temp folder, for integration tests. */
export async function openTempDatabase(): Promise<OpenedDatabase & { dir: string; file: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-test-'));
  const file = path.join(dir, 'app.db');
  const opened = await openDatabase(file);
  return {
    ...opened,
    dir,
    file,
    close: async () => {
      await opened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
