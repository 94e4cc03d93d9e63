import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountDecider } from '../../../events/account/decider';
import { handleCommand } from '../../../events/command';
import { type Db, type OpenedDatabase, openDatabase } from '../../../events/db';

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

/** Registers test account `u<i>` (user<i>, u<i>@example.com) through the real command path. */
export async function registerTestAccount(db: Db, i: number | string, now = new Date()) {
  return handleCommand(db, {
    decider: accountDecider,
    streamId: `account-u${i}`,
    command: {
      type: 'RegisterAccount',
      accountId: `u${i}`,
      name: `User ${i}`,
      email: `u${i}@example.com`,
      username: `user${i}`,
    },
    now,
  });
}
