import pg from 'pg';
import { log } from '../../observability/log';
import { leading as leadingGauge } from '../../observability/metrics';
import { LEADER_LOCK_CLASS, WAKE_CHANNEL, type WakeKind } from '../../platform/database/dialect';
import { instanceName } from '../../platform/database/instance-name';
import { currentSchema, withPostgresClient } from '../../platform/database/postgres';
import { CHANGED_FILES_CHANNEL } from '../static/changed-files';

/**
 * Which instance runs the work only one may run at a time (the page projector, the scheduler, the mail sender, the
 * media sweep): the one holding a session-level advisory lock on a connection of its own (ADR 025). The lock lives
 * exactly as long as that connection, so a leader that dies, even by kill -9, frees it as the socket closes.
 */

/** How often a follower asks for the lock. A dead leader's successor starts within this of the lock's release. */
export const RETRY_MS = 2_000;
/** How often the leader makes sure its connection still answers, and how long it waits for the answer. */
export const CHECK_MS = 1_000;
/** Long enough for a busy PostgreSQL or event loop not to depose a healthy leader, short enough to bound an overlap. */
export const CHECK_TIMEOUT_MS = 1_500;
/** The longest a leader that lost its connection unawares goes on leading: its next check, unanswered. */
export const STEP_DOWN_WITHIN_MS = CHECK_MS + CHECK_TIMEOUT_MS;

/**
 * A silent network must not leave a dead leader's lock held for the hours of the default TCP keepalive: PostgreSQL
 * drops the connection, and with it the lock, about 6 s after the last exchange. The leader itself gives up after
 * CHECK_MS + CHECK_TIMEOUT_MS (2.5 s) without an answer, so it has stopped before the lock can pass on.
 */
const SERVER_KEEPALIVE = [
  'SET tcp_keepalives_idle = 3',
  'SET tcp_keepalives_interval = 1',
  'SET tcp_keepalives_count = 3',
  'SET tcp_user_timeout = 6000',
];

export type Leadership = {
  /** Whether this instance leads now. */
  readonly leading: boolean;
  /** Stops trying, stops the leader work if this instance leads (awaiting it), and closes the connection. */
  stop(): Promise<void>;
};

export type LeaderCallbacks = {
  /** Start the leader work. */
  onElected(): void;
  /** Stop it: nothing new may start once this is called; the returned promise waits for the work under way. */
  onDeposed(): Promise<void>;
  /** Another instance (or this one) committed events to render or mail to send. */
  onWake(kind: WakeKind): void;
  /** An instance, leading or not, replaced or removed public files: the payload api/static/changed-files.ts reads. */
  onFilesChanged?(payload: string): void;
};

export type ElectionOptions = LeaderCallbacks & {
  url: string;
  /** The schema the install lives in, when not the connection's default (tests). */
  schema?: string;
  /** Named in the log lines: hostname:pid. */
  instanceId: string;
  retryMs?: number;
  checkMs?: number;
  checkTimeoutMs?: number;
};

/** SQLite is one machine and one process: it always leads, as before there was an election. */
export function alwaysLead(instanceId: string, callbacks: Pick<LeaderCallbacks, 'onElected' | 'onDeposed'>) {
  leadingGauge.set(1);
  log.info({ instanceId, leading: true }, 'This instance leads (SQLite: always)');
  callbacks.onElected();
  let leading = true;
  return {
    get leading() {
      return leading;
    },
    stop: async () => {
      leading = false;
      leadingGauge.set(0);
      await callbacks.onDeposed();
    },
  } satisfies Leadership;
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`PostgreSQL did not answer within ${ms} ms`)), ms);
  });
  // A query left behind fails later, when its connection is ended; that is expected, not unhandled.
  work.catch(() => {});
  return Promise.race([work, timedOut]).finally(() => clearTimeout(timer));
}

/**
 * Takes part in the election on PostgreSQL until stopped. A follower asks for the lock every `retryMs`; the
 * leader checks its connection every `checkMs` and steps down the moment the connection errors, ends, or leaves a
 * check unanswered for `checkTimeoutMs`, as it can no longer know it holds the lock.
 */
export function startElection(options: ElectionOptions): Leadership {
  const {
    url,
    schema,
    instanceId,
    retryMs = RETRY_MS,
    checkMs = CHECK_MS,
    checkTimeoutMs = CHECK_TIMEOUT_MS,
  } = options;
  let client: pg.Client | null = null;
  let lockKey = 0;
  let wakePrefix = '';
  let leading = false;
  let stopped = false;
  // Set while the leader work stops; the next election waits for it, so this instance never runs it twice.
  let deposing: Promise<void> = Promise.resolve();
  let wakeUp: () => void = () => {};
  // What pg_stat_activity calls the connection, so that a restore sees this instance even when its pool is idle
  // (platform/database/connected-instances.ts). The name says the schema and is fixed as a connection opens: the
  // schema is asked once beforehand, on a connection of its own that bears no name of ours.
  let applicationName = schema ? instanceName('tradecard-leadership', schema) : null;
  const nameOfConnection = async () => {
    applicationName ??= instanceName(
      'tradecard-leadership',
      await within(
        checkTimeoutMs,
        withPostgresClient(url, currentSchema, { connectionTimeoutMillis: checkTimeoutMs }),
      ),
    );
    return applicationName;
  };

  const stepDown = (why: string, error?: unknown) => {
    if (!leading) return;
    leading = false;
    leadingGauge.set(0);
    log.warn({ instanceId, leading: false, err: error }, `This instance no longer leads: ${why}`);
    deposing = options
      .onDeposed()
      .catch((err: unknown) => log.error({ err }, 'Stopping the leader work failed'));
  };

  /** Forgets the connection (and the lock with it): a new one is made at the next try. */
  const dropConnection = (dropped: pg.Client, why: string, error?: unknown) => {
    if (client !== dropped) return;
    client = null;
    stepDown(why, error);
    // Not awaited: on a dead network end() waits for a goodbye that never comes.
    dropped.end().catch(() => {});
  };

  const connect = async (): Promise<pg.Client> => {
    const fresh = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: checkTimeoutMs,
      keepAlive: true,
      application_name: await nameOfConnection(),
    });
    fresh.on('error', (error) => dropConnection(fresh, 'its PostgreSQL connection failed', error));
    fresh.on('end', () => dropConnection(fresh, 'its PostgreSQL connection closed'));
    fresh.on('notification', (message) => {
      if (!message.payload?.startsWith(wakePrefix)) return;
      const body = message.payload.slice(wakePrefix.length);
      if (message.channel === CHANGED_FILES_CHANNEL) options.onFilesChanged?.(body);
      else if (leading && (body === 'events' || body === 'mail')) options.onWake(body);
    });
    try {
      await within(checkTimeoutMs, fresh.connect());
      if (schema) await within(checkTimeoutMs, fresh.query(`SET search_path TO "${schema}"`));
      for (const setting of SERVER_KEEPALIVE) await within(checkTimeoutMs, fresh.query(setting));
      const { rows } = await within(
        checkTimeoutMs,
        fresh.query<{ schema: string; key: number }>(
          'SELECT current_schema() AS schema, hashtext(current_schema()) AS key',
        ),
      );
      lockKey = rows[0]?.key ?? 0;
      wakePrefix = `${rows[0]?.schema ?? ''}:`;
      // Every instance, leader or not, keeps its file cache true to the shared folder.
      if (options.onFilesChanged)
        await within(checkTimeoutMs, fresh.query(`LISTEN ${CHANGED_FILES_CHANNEL}`));
    } catch (error) {
      fresh.end().catch(() => {});
      throw error;
    }
    client = fresh;
    return fresh;
  };

  const tryToLead = async (held: pg.Client) => {
    const { rows } = await within(
      checkTimeoutMs,
      // The second key is the schema's hash, so installs sharing a database (one schema each, as the tests do)
      // elect a leader each.
      held.query<{ won: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS won', [
        LEADER_LOCK_CLASS,
        lockKey,
      ]),
    );
    if (!rows[0]?.won || stopped) return;
    // Before the work starts: a write committed from here on wakes it.
    await within(checkTimeoutMs, held.query(`LISTEN ${WAKE_CHANNEL}`));
    leading = true;
    leadingGauge.set(1);
    log.info({ instanceId, leading: true }, 'This instance leads');
    options.onElected();
  };

  const round = async () => {
    await deposing;
    if (stopped) return;
    const held = client ?? (await connect());
    try {
      if (leading) await within(checkTimeoutMs, held.query('SELECT 1'));
      else await tryToLead(held);
    } catch (error) {
      dropConnection(held, 'its PostgreSQL connection stopped answering', error);
      throw error;
    }
  };

  let failing = false;
  const loop = (async () => {
    while (!stopped) {
      try {
        await round();
        if (failing) log.info({ instanceId }, 'The leader election reaches PostgreSQL again');
        failing = false;
      } catch (error) {
        // A follower without PostgreSQL fails every round; the log says so once, and again when it recovers.
        if (!failing)
          log.warn({ err: error, instanceId }, 'The leader election cannot reach PostgreSQL; retrying');
        failing = true;
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, leading ? checkMs : retryMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  })();

  return {
    get leading() {
      return leading;
    },
    stop: async () => {
      stopped = true;
      wakeUp();
      await loop;
      stepDown('the server is stopping');
      await deposing;
      const last = client;
      client = null;
      // Ending the session releases the lock, so a follower takes over at its next try.
      if (last) await within(checkTimeoutMs, last.end()).catch(() => {});
    },
  };
}
