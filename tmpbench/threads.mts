import fs from 'node:fs';
import path from 'node:path';
import { defaultSiteDir } from '../api/static/site-files';
import { lastGlobalPosition } from '../events/store';
import { saveCheckpoint } from '../renderer/projector';
import { startNginx } from '../tests/support/deploy/nginx';
import { startTsChild } from '../scripts/bench/child-process';
import { prepareDataDir, rebuildInChild } from '../scripts/bench/full-rebuild';
import { HSTS, portOf, staticPageNginxConfig } from '../scripts/bench/serving';
import { withBenchDatabase } from '../scripts/bench/temp-db';
import { wrk } from '../scripts/bench/wrk';

const profiles = Number(process.env.PROFILES ?? 10000);
const dir = process.env.DIR ?? '/tmp/bench10k';
if (!fs.existsSync(path.join(dir, 'ready'))) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  await prepareDataDir(dir, profiles);
  await rebuildInChild(dir);
  await withBenchDatabase({ dir }, async ({ db }) => saveCheckpoint(db, await lastGlobalPosition(db)));
  fs.writeFileSync(path.join(dir, 'ready'), '');
}
const START = /TradeCard is running at http:\/\/localhost:(\d+)/;
const config = (threads: string) => ({ DATA_DIR: dir, PORT: '0', PUBLIC_URL: 'https://tradecard.bench', PAYMENTS: 'local', MAIL: 'outbox', METRICS_PORT: 'off', DATABASE_URL: '', STORAGE: 'disk', TRUST_PROXY: '1', SERVE_THREADS: threads });
const one = startTsChild('api/server.ts', config('1'));
const onePort = portOf(await one.waitFor(START, 120000));
const two = startTsChild('api/server.ts', config('2'));
const twoPort = portOf(await two.waitFor(START, 120000));
await new Promise((r) => setTimeout(r, 2000));
const nginx = await startNginx({ dataDir: dir, siteDir: defaultSiteDir(), upstreamPort: onePort, hsts: HSTS, template: staticPageNginxConfig() });
const ports = { one: onePort, two: twoPort, nginx: nginx.port };
const script = path.resolve('scripts/bench/random-pages.lua');
const rss = (pid: number) => Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
for (const [name, port] of Object.entries(ports)) await wrk({ url: `http://127.0.0.1:${port}/`, connections: 10, seconds: 2, headers: { 'accept-encoding': 'gzip' }, script, scriptArgs: [String(profiles)] });
const seconds = Number(process.env.SECONDS ?? 5);
for (let round = 0; round < Number(process.env.ROUNDS ?? 2); round++)
  for (const c of [10, 50])
    for (const [name, port] of Object.entries(ports)) {
      const r = await wrk({ url: `http://127.0.0.1:${port}/`, connections: c, seconds, headers: { 'accept-encoding': 'gzip' }, script, scriptArgs: [String(profiles)] });
      console.log(`round ${round} c${c} ${name}: ${Math.round(r.requestsPerSecond)} req/s p99 ${r.p99Ms.toFixed(1)} ms`);
    }
console.log(`rss one ${rss(one.pid).toFixed(0)} two ${rss(two.pid).toFixed(0)}`);
await nginx.stop(); await one.stop(); await two.stop();
