import { constants } from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StartupProblem } from './startup-problem';

/** The file operations the check makes; the tests pass failing ones to reach causes that root can't produce. */
export type DataDirFs = Pick<typeof fsp, 'stat' | 'mkdir' | 'writeFile' | 'rm' | 'statfs' | 'access'>;

export type DataDirOptions = {
  /** Production mode refuses a missing folder instead of creating it: there, it means the volume isn't mounted. */
  production: boolean;
  /** Less free space than this counts as a full disk. */
  minFreeMb: number;
};

const MB = 1024 * 1024;

/** Entries the server writes to after start-up; a volume carried over from another user can leave them foreign. */
const WRITTEN_ENTRIES = [
  'app.db',
  'app.db-wal',
  'app.db-shm',
  'public',
  'public/u',
  'public/media',
  'outbox',
];

function currentUser(): string {
  const uid = process.getuid?.();
  if (uid === undefined) return 'the current user';
  try {
    return `user ${os.userInfo().username} (uid ${uid})`;
  } catch {
    // A container may run as a uid with no name in /etc/passwd.
    return `uid ${uid}`;
  }
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code;

/** A failed write in plain words: why, and what to do about it. `subject` says what could not be written. */
function writeFailure(subject: string, dir: string, error: unknown): StartupProblem {
  const user = currentUser();
  const [cause, remedy] = ((): [string, string] => {
    switch (codeOf(error)) {
      case 'EACCES':
      case 'EPERM':
        return [
          `${user} lacks permission`,
          `give that user write access (e.g. chown -R ${process.getuid?.() ?? '<uid>'} ${dir}), or set DATA_DIR to a folder it can write to`,
        ];
      case 'EROFS':
        return [
          'it is on a read-only file system',
          'mount the data volume read-write, or set DATA_DIR to a writable folder',
        ];
      case 'ENOSPC':
        return ['its disk is full (no space left on device)', 'free some space or give the volume more'];
      case 'EDQUOT':
        return [`${user} is over its disk quota`, 'free some space or raise the quota'];
      default:
        return [(error as Error).message, 'check the folder and its volume'];
    }
  })();
  return new StartupProblem(`${subject}: ${cause}; ${remedy}.`);
}

/**
 * Checks DATA_DIR before the database is opened, so a bad volume stops start-up with one sentence naming the path
 * and the cause, instead of SQLite's "unable to open database file" or a failed write minutes later.
 */
export async function checkDataDir(dir: string, options: DataDirOptions, fs: DataDirFs = fsp): Promise<void> {
  const named = `DATA_DIR ${dir}`;
  try {
    const stats = await fs.stat(dir);
    if (!stats.isDirectory()) {
      throw new StartupProblem(`${named} is a file, not a folder: set DATA_DIR to a folder.`);
    }
  } catch (error) {
    if (error instanceof StartupProblem) throw error;
    if (codeOf(error) === 'ENOTDIR') {
      throw new StartupProblem(
        `${named} cannot be a folder: part of that path is a file. Set DATA_DIR to a folder.`,
      );
    }
    if (codeOf(error) !== 'ENOENT') {
      throw new StartupProblem(`${named} could not be read: ${(error as Error).message}.`);
    }
    if (options.production) {
      throw new StartupProblem(
        `${named} does not exist: the volume is probably not mounted. Mount the data volume there, or set DATA_DIR to where it is mounted.`,
      );
    }
    // On a laptop, the first `npm start` makes ./data.
    await fs.mkdir(dir, { recursive: true }).catch((mkdirError: unknown) => {
      throw writeFailure(`${named} does not exist and cannot be created`, dir, mkdirError);
    });
  }

  // Writing is the only reliable test: permissions, ACLs, read-only mounts and full disks all show up here.
  const probe = path.join(dir, `.write-probe-${process.pid}`);
  try {
    await fs.writeFile(probe, 'TradeCard checks it can write here at start-up.\n');
  } catch (error) {
    await fs.rm(probe, { force: true }).catch(() => {});
    throw writeFailure(`${named} is not writable`, dir, error);
  }
  await fs.rm(probe, { force: true }).catch((error: unknown) => {
    throw writeFailure(`${named} is not writable`, dir, error);
  });

  for (const entry of WRITTEN_ENTRIES) {
    const full = path.join(dir, entry);
    try {
      await fs.access(full, constants.W_OK);
    } catch (error) {
      if (codeOf(error) === 'ENOENT') continue;
      throw writeFailure(`${full} (inside DATA_DIR) is not writable`, dir, error);
    }
  }

  const space = await fs.statfs(dir);
  const freeMb = Math.floor((Number(space.bavail) * Number(space.bsize)) / MB);
  if (freeMb < options.minFreeMb) {
    throw new StartupProblem(
      `${named} is on a full disk: ${freeMb} MB free, and the server needs at least ${options.minFreeMb} MB to start. Free some space or give the volume more.`,
    );
  }
}

/** SQLite's own words ("unable to open database file") name neither the file nor a cause an operator can act on. */
export function databaseOpenFailure(file: string, error: unknown): StartupProblem | null {
  const code = codeOf(error) ?? '';
  const named = `The database ${file}`;
  if (code === 'SQLITE_CANTOPEN' || code.startsWith('SQLITE_CANTOPEN_')) {
    return new StartupProblem(
      `${named} could not be opened: SQLite cannot open it (is it a folder, or unreadable by ${currentUser()}?). Check the file and DATA_DIR.`,
    );
  }
  if (code === 'SQLITE_NOTADB') {
    return new StartupProblem(
      `${named} is not a SQLite database: move it aside, or restore one with npm run restore.`,
    );
  }
  if (code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_')) {
    return new StartupProblem(
      `${named} is damaged (SQLite reports corruption): restore it with npm run restore.`,
    );
  }
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_') || code === 'SQLITE_PERM') {
    return new StartupProblem(
      `${named} is read-only for ${currentUser()}: give that user write access to it and its -wal and -shm files.`,
    );
  }
  if (code === 'SQLITE_FULL') {
    return new StartupProblem(`${named} could not be opened: its disk is full. Free some space.`);
  }
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) {
    return new StartupProblem(
      `${named} is locked by another process: stop whatever else holds it (a restore?) and start again.`,
    );
  }
  return null;
}
