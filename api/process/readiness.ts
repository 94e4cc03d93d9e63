import fs from 'node:fs/promises';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import { roomToGrow } from '../../platform/database/dialect';
import { databaseUnreachable } from '../../platform/database/unreachable';
import { projectorLag } from '../../renderer/projector';
import type { Deps } from '../deps';
import { storageTrouble } from '../http/errors';

export type FreeSpace = { bavail: number | bigint; bsize: number | bigint };

/** READY_MIN_FREE_MB and READY_MAX_LAG_SECONDS; statfs is passed in so tests can fill the disk without filling it. */
export type ReadinessOptions = {
  minFreeMb: number;
  maxLagSeconds: number;
  statfs?: (dir: string) => Promise<FreeSpace>;
  /** Whether this instance leads (ADR 025): reported, never a reason to refuse traffic, as followers serve too. */
  leading?: () => boolean;
};

type DatabaseCheck = { ok: boolean; roomMb?: number; problem?: string };
type DiskCheck = { ok: boolean; freeMb?: number; minFreeMb: number; problem?: string };
type ProjectorCheck = {
  ok: boolean;
  lagEvents?: number;
  lagSeconds?: number;
  maxLagSeconds: number;
  problem?: string;
};
type LeaderCheck = { ok: true; leading: boolean };
export type Readiness = {
  ok: boolean;
  checks: { database: DatabaseCheck; disk: DiskCheck; projector: ProjectorCheck; leader?: LeaderCheck };
};

const MB = 1024 * 1024;
const PROBE_NAME = 'readiness-probe';
const wholeMb = (bytes: number) => Math.floor(bytes / MB);

function cannotSave(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (databaseUnreachable(error))
    return `the database cannot be reached (${typeof code === 'string' ? code : (error as Error).message})`;
  const trouble = storageTrouble(error);
  if (trouble === 'full') return 'the database cannot save changes because the disk is full';
  const named = typeof code === 'string' ? ` (${code})` : '';
  if (trouble === 'broken') return `the database cannot save changes because of a storage error${named}`;
  return `the database cannot save changes${named || ' (an unexpected error)'}`;
}

/**
 * A real write that commits (the probe's row in projector_checkpoints, which the projector never reads), then the
 * room the database has left to grow. The write alone is not enough on SQLite: an update in place needs no new
 * page, so it still succeeds when every insert would fail with SQLITE_FULL. On PostgreSQL the write is the whole
 * check (one round trip, cheap at a poll every few seconds): it answers, can commit, and is no read-only standby.
 */
async function checkDatabase(db: Db, minFreeMb: number, now: Date): Promise<DatabaseCheck> {
  try {
    await db
      .insertInto('projector_checkpoints')
      .values({ name: PROBE_NAME, position: now.getTime() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ position: now.getTime() }))
      .execute();
  } catch (error) {
    // Polled every few seconds: the route logs when readiness changes, this only on request.
    log.debug({ err: error }, 'Readiness: the database write failed');
    return { ok: false, problem: cannotSave(error) };
  }
  const room = await roomToGrow(db).catch((error: unknown) => {
    log.debug({ err: error }, 'Readiness: could not read the room the database has');
    return undefined;
  });
  if (room === undefined) return { ok: false, problem: 'the database size could not be read' };
  if (room === null) return { ok: true };
  const roomMb = wholeMb(room);
  if (roomMb < minFreeMb)
    return {
      ok: false,
      roomMb,
      problem: `the database can grow by only ${roomMb} MB (needs ${minFreeMb} MB)`,
    };
  return { ok: true, roomMb };
}

async function checkDisk(
  dataDir: string,
  minFreeMb: number,
  statfs: (dir: string) => Promise<FreeSpace>,
): Promise<DiskCheck> {
  try {
    const stats = await statfs(dataDir);
    const freeMb = wholeMb(Number(stats.bavail) * Number(stats.bsize));
    if (freeMb < minFreeMb)
      return {
        ok: false,
        freeMb,
        minFreeMb,
        problem: `the data folder's disk has ${freeMb} MB free (needs ${minFreeMb} MB)`,
      };
    return { ok: true, freeMb, minFreeMb };
  } catch (error) {
    log.debug({ err: error, dataDir }, 'Readiness: could not read the free space of the data folder');
    return { ok: false, minFreeMb, problem: "the data folder's free space could not be read" };
  }
}

async function checkProjector(db: Db, maxLagSeconds: number, now: Date): Promise<ProjectorCheck> {
  try {
    const lag = await projectorLag(db, now);
    const lagSeconds = Math.round(lag.seconds);
    const check = { lagEvents: lag.events, lagSeconds, maxLagSeconds };
    if (lag.seconds >= maxLagSeconds)
      return {
        ok: false,
        ...check,
        problem: `profile pages are ${lagSeconds} seconds behind (${lag.events} events to render; the limit is ${maxLagSeconds} seconds)`,
      };
    return { ok: true, ...check };
  } catch (error) {
    log.debug({ err: error }, 'Readiness: could not read the projector lag');
    return { ok: false, maxLagSeconds, problem: 'how far profile pages are behind could not be read' };
  }
}

/** Whether this instance should be sent traffic: it can save, has disk to spare, and its pages are current. */
export async function checkReadiness(
  deps: Pick<Deps, 'db' | 'dataDir' | 'now' | 'readiness'>,
): Promise<Readiness> {
  const { minFreeMb, maxLagSeconds, statfs = fs.statfs } = deps.readiness;
  const now = deps.now();
  const [database, disk, projector] = await Promise.all([
    checkDatabase(deps.db, minFreeMb, now),
    checkDisk(deps.dataDir, minFreeMb, statfs),
    checkProjector(deps.db, maxLagSeconds, now),
  ]);
  const leader = deps.readiness.leading
    ? { leader: { ok: true as const, leading: deps.readiness.leading() } }
    : {};
  return { ok: database.ok && disk.ok && projector.ok, checks: { database, disk, projector, ...leader } };
}

/** "The service is not ready: a; b." from the failing checks' problems. */
export function notReadySentence(readiness: Readiness): string {
  const problems = Object.values(readiness.checks).flatMap((check) =>
    'problem' in check && check.problem ? [check.problem] : [],
  );
  return `The service is not ready: ${problems.join('; ')}.`;
}
