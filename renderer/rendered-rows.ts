import type { Db } from '../platform/database/db';

/** What `rendered_profiles` says of an account's rendered folder. */
export type RenderedRow = { username: string; live: number; rendered_at: string; og_image: string | null };
export type RenderedState = Omit<RenderedRow, 'username'>;

/** How renderAccount writes its row: at once (the projector), or with other renders' rows (a full rebuild). */
export type RenderedRows = {
  /** Claims the folder for the account: resolves once the row is committed, so its files are written after. */
  record(accountId: string, row: RenderedRow): Promise<void>;
  /** Says what the written page is; nothing waits on it but the sitemap and the preview image. */
  update(accountId: string, state: RenderedState): Promise<void>;
};

type Write = (db: Db) => Promise<unknown>;

// An upsert, not an insert after a select: another renderer (the demo seed beside the server, or two instances
// during a leader hand-over) may record the same account between the two.
const upsert =
  (accountId: string, row: RenderedRow): Write =>
  (db) =>
    db
      .insertInto('rendered_profiles')
      .values({ account_id: accountId, ...row })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(row))
      .execute();

const setState =
  (accountId: string, state: RenderedState): Write =>
  (db) =>
    db.updateTable('rendered_profiles').set(state).where('account_id', '=', accountId).execute();

/** Each row written when asked, in a commit of its own: a render of one account at a time. */
export const rowsNow = (db: Db): RenderedRows => ({
  record: async (accountId, row) => void (await upsert(accountId, row)(db)),
  update: async (accountId, state) => void (await setState(accountId, state)(db)),
});

type Waiting = { write: Write; committed: () => void; failed: (error: unknown) => void };

/** Rows written together; `flush` commits those waiting now. */
export type BatchedRows = RenderedRows & { flush(): Promise<void> };

/**
 * Rows of many renders in one transaction (issue 29). Each commit waits for the disk (synchronous=FULL), ~2.5 ms
 * here, with the event loop blocked: a commit per page held a full rebuild to a few hundred pages a second. A
 * render's claim is committed on the next turn of the event loop with every other claim made meanwhile (renders
 * started together reach theirs in the same turn), still before any of their files. Updates wait for `flush`, which
 * the rebuild calls once its renders are done.
 */
export function rowsInBatches(db: Db): BatchedRows {
  let waiting: Waiting[] = [];
  let scheduled = false;

  const flush = async () => {
    scheduled = false;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    try {
      await db.transaction().execute(async (trx) => {
        for (const { write } of batch) await write(trx);
      });
    } catch (error) {
      for (const { failed } of batch) failed(error);
      throw error;
    }
    for (const { committed } of batch) committed();
  };

  const enqueue = (write: Write) =>
    new Promise<void>((committed, failed) => waiting.push({ write, committed, failed }));

  return {
    record(accountId, row) {
      const recorded = enqueue(upsert(accountId, row));
      if (!scheduled) {
        scheduled = true;
        // Its failure reaches every render in the batch through `recorded`.
        setImmediate(() => flush().catch(() => {}));
      }
      return recorded;
    },
    async update(accountId, state) {
      // Resolves now: the rebuild's `flush` commits it, and fails the rebuild if it can't.
      void enqueue(setState(accountId, state)).catch(() => {});
    },
    flush,
  };
}
