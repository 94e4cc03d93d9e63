import type { Db } from '../../../events/db';
import { replay } from '../../../events/replay';

/**
 * Replay (events/replay.ts) still runs on SQLite only (its PRAGMAs and shadow tables); making it run on PostgreSQL
 * is another part of issue 15. Until then a suite that checks its rows survive a replay, among much else, does
 * that step on SQLite alone and the rest on both. Once replay runs on PostgreSQL, call `replay` instead and delete
 * this file.
 */
export async function replayOnSqliteOnly(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'sqlite') await replay(db);
}

/** For a test about replay itself: skipped in the PostgreSQL run until replay runs there. */
export const replayRunsHere = () => !process.env.TEST_DATABASE_URL;
