import fs from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { readEnv } from './env';
import { openRuntime } from './runtime';

const env = readEnv();
const { deps, database } = await openRuntime(env);
const app = createApp(deps);

// Ops scripts that must not run beside a live server (restore) look for this file.
const pidFile = path.join(env.dataDir, 'server.pid');
fs.writeFileSync(pidFile, String(process.pid));

const server = serve({ fetch: app.fetch, port: env.PORT }, (info) => {
  const mail =
    env.MAIL === 'outbox'
      ? `mail goes to ${path.join(env.dataDir, 'outbox')} (read it with npm run outbox)`
      : 'mail goes over SMTP';
  console.log(`TradeCard is running at http://localhost:${info.port}`);
  console.log(`  data in ${env.dataDir}; ${mail}; payments: ${env.PAYMENTS}`);
  console.log('  press Ctrl-C to stop');
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: finishing open requests, then stopping.`);
  server.close(async () => {
    await database.close();
    fs.rmSync(pidFile, { force: true });
    console.log('Stopped cleanly.');
    process.exit(0);
  });
  // A keep-alive connection must not hold the process hostage.
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
