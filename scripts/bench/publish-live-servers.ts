import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningChild, startTsChild } from './child-process';

const PUBLIC_URL = 'https://tradecard.bench';
const START_TIMEOUT_MS = 60_000;
/** Instances behind one address share the secret that hashes their verification codes (README, configuration). */
const APP_SECRET = 'bench-cluster-secret-bench-cluster-secret-0123';

export type Instance = { url: string; dataDir: string; child: RunningChild };

/**
 * The instances of one setup; `mailDir` is the data folder whose outbox the leader (the first) writes sign-up mail
 * to; `stop` stops them and removes what they wrote.
 */
export type Setup = {
  label: string;
  instances: Instance[];
  publishTo: Instance;
  mailDir: string;
  stop(): Promise<void>;
};

/** `api/server.ts` as `npm start` runs it, on a fixed port (the bench's range) so a stray one is found by port. */
async function startInstance(
  port: number,
  dataDir: string,
  config: Record<string, string>,
): Promise<Instance> {
  const child = startTsChild('api/server.ts', {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL,
    PAYMENTS: 'local',
    MAIL: 'outbox',
    SEED_DEMO: 'false',
    METRICS_PORT: 'off',
    APP_SECRET,
    // Empty: SQLite's file in DATA_DIR, whatever the bench's own environment says; pages on DATA_DIR's disk.
    DATABASE_URL: '',
    STORAGE: 'disk',
    ...config,
  });
  try {
    await child.waitFor(/TradeCard is running at http:\/\/localhost:\d+/, START_TIMEOUT_MS);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, dataDir, child };
}

/** s3rver's own key pair: it refuses any other key id (and checks no signature). */
const S3RVER_KEY = 'S3RVER';

const leads = (instance: Instance) => /This instance leads/.test(instance.child.output());

/** An S3-compatible bucket in a process of its own (s3rver), and the settings an instance needs for it. */
export async function startBucket(
  port: number,
): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const bucket = 'tradecard-bench';
  const child = startTsChild('scripts/bench/s3rver-child.ts', {}, [], [String(port), bucket]);
  await child.waitFor(/s3rver serves bucket/, START_TIMEOUT_MS).catch(async (error) => {
    await child.stop();
    throw error;
  });
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: () => child.stop(),
  };
}

/**
 * `ports.length` instances on one database (SQLite's file when `config` names no DATABASE_URL, then only one),
 * started one after the other, the first having led: it migrates and leads, so a publish can be sent to the last,
 * known to follow. On the disk (STORAGE=disk) they share one data folder, the shared-disk topology of ADR 025; on
 * a bucket each has its own, as stateless instances would.
 */
export async function startSetup(
  label: string,
  ports: number[],
  config: Record<string, string> = {},
): Promise<Setup> {
  const ownFolders = config.STORAGE === 's3';
  const folders: string[] = [];
  const folder = () => {
    if (ownFolders || folders.length === 0)
      folders.push(fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-live-')));
    return folders.at(-1) as string;
  };
  const instances: Instance[] = [];
  const stop = async () => {
    // Followers first, so the leader is not handed over to one about to stop.
    for (const instance of [...instances].reverse()) await instance.child.stop();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const instance = await startInstance(port, folder(), config);
      instances.push(instance);
      if (instances.length === 1) await instance.child.waitFor(/This instance leads/, START_TIMEOUT_MS);
    }
    const publishTo = instances.at(-1) as Instance;
    if (instances.length > 1 && leads(publishTo)) throw new Error(`${label}: the last instance leads`);
    return { label, instances, publishTo, mailDir: (instances[0] as Instance).dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The instance a publish went to still follows, so the figure is the follower's and not a takeover's. */
export function checkStillFollows(setup: Setup): void {
  if (setup.instances.length > 1 && leads(setup.publishTo))
    throw new Error(`${setup.label}: the instance taking the publishes became the leader during the run`);
}
