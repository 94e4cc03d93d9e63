import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type RunningChild, startTsChild } from './child-process';

const PUBLIC_URL = 'https://tradecard.bench';
const START_TIMEOUT_MS = 60_000;
/** Instances behind one address share the secret that hashes their verification codes (README, configuration). */
const APP_SECRET = 'bench-cluster-secret-bench-cluster-secret-0123';

export type Instance = { url: string; dataDir: string; child: RunningChild };

/** The instances of one setup, and how to stop them and remove what they wrote. */
export type Setup = { label: string; instances: Instance[]; publishTo: Instance; stop(): Promise<void> };

/** `api/server.ts` as `npm start` runs it, on a fixed port (the bench's range) so a stray one is found by port. */
async function startInstance(port: number, dataDir: string, databaseUrl?: string): Promise<Instance> {
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
    DATABASE_URL: databaseUrl ?? '',
    STORAGE: 'disk',
  });
  try {
    await child.waitFor(/TradeCard is running at http:\/\/localhost:\d+/, START_TIMEOUT_MS);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, dataDir, child };
}

const leads = (instance: Instance) => /This instance leads/.test(instance.child.output());

/**
 * `count` instances on one data folder (the shared-disk topology of ADR 025) and one database: SQLite's file when
 * `databaseUrl` is absent (then only one). Started one after the other, the first having led, so the first migrates
 * and leads and a publish can be sent to an instance known to follow.
 */
export async function startSetup(label: string, ports: number[], databaseUrl?: string): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-live-'));
  const instances: Instance[] = [];
  const stop = async () => {
    // Followers first, so the leader is not handed over to one about to stop.
    for (const instance of [...instances].reverse()) await instance.child.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const instance = await startInstance(port, dataDir, databaseUrl);
      instances.push(instance);
      if (instances.length === 1) await instance.child.waitFor(/This instance leads/, START_TIMEOUT_MS);
    }
    const publishTo = instances.at(-1) as Instance;
    if (instances.length > 1 && leads(publishTo)) throw new Error(`${label}: the last instance leads`);
    return { label, publishTo, instances, stop };
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
