import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { startProjector } from '../renderer/projector';
import { createApp, SITE_NAME } from './app';
import { readEnv } from './env';
import { openRuntime } from './runtime';
import { startScheduler } from './scheduler';

const env = readEnv();
const { deps, database } = await openRuntime(env);

const projector = startProjector(deps.db, {
  publicDir: deps.publicDir,
  publicUrl: env.PUBLIC_URL,
  siteName: SITE_NAME,
});
deps.onAppended = () => projector.nudge();
const scheduler = startScheduler(deps);

// A newcomer should see a real page at /u/demo as soon as the address is printed; an instance with any account is
// left alone. The seed decodes photos, and sharp's memory pools would stay with the server for good, so a
// short-lived child does it; the server waits for it, then renders its events like any other writer's.
if (env.SEED_DEMO) {
  const anyone = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (!anyone) {
    const seed = fileURLToPath(new URL('../scripts/seed-demo.ts', import.meta.url));
    const code = await new Promise<number | null>((resolve) => {
      spawn(process.execPath, ['--import', 'tsx', seed], { stdio: 'inherit' }).on('exit', resolve);
    });
    if (code !== 0)
      console.error(`Publishing the sample profile failed (exit ${code}); run npm run seed-demo to retry.`);
    await projector.idle();
  }
}

// Ops scripts that must not run beside a live server (restore) look for this file.
const pidFile = path.join(env.dataDir, 'server.pid');
fs.writeFileSync(pidFile, String(process.pid));

const server = serve({ fetch: createApp(deps).fetch, port: env.PORT }, (info) => {
  const mail =
    env.MAIL === 'outbox'
      ? `mail goes to ${path.join(env.dataDir, 'outbox')} (read it with npm run outbox)`
      : 'mail goes over SMTP';
  console.log(`TradeCard is running at http://localhost:${info.port}`);
  console.log(`  sample profile: http://localhost:${info.port}/u/demo`);
  console.log(`  data in ${env.dataDir}; ${mail}; payments: ${env.PAYMENTS}`);
  console.log('  press Ctrl-C to stop');
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: finishing open requests, then stopping.`);
  scheduler.stop();
  server.close(async () => {
    await projector.stop();
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
