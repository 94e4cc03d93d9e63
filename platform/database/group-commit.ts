import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
} from 'kysely';
import { retryWhileBusy } from './busy';

/** What a group may grow to before it is committed even with more transactions waiting: bounds everyone's wait. */
export const GROUP_LIMITS = { transactions: 64, ms: 25 };

/** better-sqlite3 with prepared statements kept (db.ts). */
export type Statements = { prepare(sql: string): SQLite.Statement; close(): void };

type Group = {
  startedAt: number;
  transactions: number;
  /** The first failure that undid the whole SQLite transaction (a full disk): nobody in the group is committed. */
  broken: unknown;
  done: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
};

/** One Kysely connection: a request's statements, or one transaction. */
class Session implements DatabaseConnection {
  holdsLock = false;
  /** Inside a Kysely transaction (one savepoint of a group). */
  inTransaction = false;
  /** Inside a BEGIN it sent itself, outside any group. */
  ownTransaction = false;

  constructor(readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Nothing here streams a long result; reading it whole keeps the lock and group rules in one place.
    const result = await this.executeQuery<R>(query);
    for (const row of result.rows) yield { rows: [row] };
  }
}

function run(statements: Statements, query: CompiledQuery): QueryResult<unknown> {
  const statement = statements.prepare(query.sql);
  const parameters = query.parameters as unknown[];
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
    numAffectedRows: changes != null ? BigInt(changes) : undefined,
    rows: [],
  };
}

const SAVEPOINT = 'tradecard_transaction';
const BEGINS = /^\s*begin\b/i;

/**
 * Group commit (ADR 018). SQLite has one writer, and with synchronous=FULL each COMMIT waits for the disk. Kysely's
 * own driver runs one transaction at a time, each with its own COMMIT. Here, transactions that queue for the writer
 * while one runs join its SQLite transaction, each inside its own SAVEPOINT: one that fails rolls back only its own
 * work. The COMMIT runs when nobody is waiting (or the group is full), and only then is any of them told it
 * committed, so durability is as before. Statements outside a transaction that write join the same way; those
 * that read go to a second connection and never wait for the writer.
 */
export class GroupCommitDriver implements Driver {
  #group: Group | null = null;
  #locked = false;
  /** SQLite transactions committed, and the Kysely transactions and statements they carried: for tests and the bench. */
  readonly stats = { commits: 0, members: 0 };
  readonly #waiting: (() => void)[] = [];

  constructor(
    readonly writerDb: SQLite.Database,
    readonly writer: Statements,
    /** null for an in-memory database, which one connection alone can see. */
    readonly reader: Statements | null,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Session(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    if (session.holdsLock) this.#unlock(session);
  }

  async destroy(): Promise<void> {
    this.reader?.close();
    this.writer.close();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    await this.#lock(session);
    try {
      if (!this.#group) {
        // Waiting for another process's lock is awaited, never spun: the event loop keeps serving (db.ts).
        await retryWhileBusy(async () =>
          run(this.writer, { sql: 'begin immediate', parameters: [] } as never),
        );
        this.#group = newGroup();
      }
      run(this.writer, { sql: `savepoint ${SAVEPOINT}`, parameters: [] } as never);
      session.inTransaction = true;
    } catch (error) {
      this.#unlock(session);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    const group = this.#group;
    if (!group) throw new Error('commit without a transaction');
    try {
      run(this.writer, { sql: `release ${SAVEPOINT}`, parameters: [] } as never);
    } catch (error) {
      group.broken ??= error;
    }
    session.inTransaction = false;
    group.transactions += 1;
    this.#unlock(session);
    await group.done;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const session = connection as Session;
    // A group that failed to commit comes back here through Kysely: nothing is left to roll back.
    if (!session.inTransaction) return;
    session.inTransaction = false;
    const group = this.#group;
    if (this.writerDb.inTransaction) {
      try {
        run(this.writer, { sql: `rollback to ${SAVEPOINT}`, parameters: [] } as never);
        run(this.writer, { sql: `release ${SAVEPOINT}`, parameters: [] } as never);
      } catch (error) {
        if (group) group.broken ??= error;
      }
    } else if (group) {
      // SQLite undid the whole transaction itself (SQLITE_FULL, SQLITE_IOERR): the others' work went with it.
      group.broken ??= new Error('The database rolled back a shared transaction after a failed write.');
    }
    this.#unlock(session);
  }

  async execute(session: Session, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (session.holdsLock) {
      const result = run(this.writer, query);
      // A BEGIN … COMMIT written by hand (replay's timed transactions) ends here: the writer is free again.
      if (session.ownTransaction && !this.writerDb.inTransaction) {
        session.ownTransaction = false;
        this.#unlock(session);
      }
      return result;
    }
    const reader = this.reader;
    if (reader && SelectQueryNode.is(query.query)) return retryWhileBusy(async () => run(reader, query));
    await this.#lock(session);
    // A transaction begun by hand needs the writer to itself: the group before it commits first.
    if (this.#group && BEGINS.test(query.sql)) this.#commit(this.#group);
    const group = this.#group;
    let result: QueryResult<unknown>;
    try {
      // Inside an open group the statement is part of it; alone, it is its own transaction, retried while busy.
      result = group ? run(this.writer, query) : await retryWhileBusy(async () => run(this.writer, query));
      if (group) group.transactions += 1;
    } catch (error) {
      // A failed statement undoes only itself, unless SQLite gave up the whole transaction (a full disk).
      if (group && !this.writerDb.inTransaction) group.broken ??= error;
      this.#unlock(session);
      throw error;
    }
    if (!group && this.writerDb.inTransaction) {
      // It began a transaction of its own: the writer stays this connection's until its COMMIT or ROLLBACK.
      session.ownTransaction = true;
      return result;
    }
    if (group && !this.writerDb.inTransaction) group.broken ??= new Error('The shared transaction was lost.');
    this.#unlock(session);
    if (group && !(reader === null && SelectQueryNode.is(query.query))) await group.done;
    return result;
  }

  async #lock(session: Session): Promise<void> {
    if (this.#locked) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#locked = true;
    session.holdsLock = true;
  }

  /** Hands the writer to the next in line, committing the group first when nobody waits or it is full. */
  #unlock(session: Session): void {
    session.holdsLock = false;
    const group = this.#group;
    const next = this.#waiting.shift();
    if (group) {
      const full =
        group.transactions >= GROUP_LIMITS.transactions ||
        performance.now() - group.startedAt >= GROUP_LIMITS.ms;
      if (!next || full || group.broken) this.#commit(group);
    }
    if (next) next();
    else this.#locked = false;
  }

  #commit(group: Group): void {
    this.#group = null;
    try {
      if (group.broken) throw group.broken;
      run(this.writer, { sql: 'commit', parameters: [] } as never);
      this.stats.commits += 1;
      this.stats.members += group.transactions;
      group.resolve();
    } catch (error) {
      group.reject(error);
      this.#rollbackWhatIsLeft();
    }
  }

  /** After a failed COMMIT (or a broken group) the transaction may still be open; the next one must start clean. */
  #rollbackWhatIsLeft(): void {
    if (!this.writerDb.inTransaction) return;
    try {
      run(this.writer, { sql: 'rollback', parameters: [] } as never);
    } catch {
      // Nothing more to do: the members have their error, and SQLite ends the transaction with the connection.
    }
  }
}

function newGroup(): Group {
  let resolve = () => {};
  let reject: (error: unknown) => void = () => {};
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Every member awaits it; one with no member left must not surface as an unhandled rejection.
  done.catch(() => {});
  return { startedAt: performance.now(), transactions: 0, broken: null, done, resolve, reject };
}
