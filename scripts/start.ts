import { readEnv } from '../api/env';
import { StartupProblem } from '../api/process/startup-problem';
import { checkDatabaseReachable } from '../api/runtime';
import { log } from '../observability/log';
import { buildSite, builtStamp, siteStamp } from './site-stamp';

// `npm start` and the container's command: build the public site only if something it is built from changed (never
// for a change of PUBLIC_URL or CHAT_WIDGET_SRC: the server writes those into the pages, ADR 040), then run the
// server in this same process, so the signals from Ctrl-C or `docker stop` reach it directly.

const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    log.fatal(error instanceof StartupProblem ? error.message : { err: error });
    process.exit(1);
  }
})();
log.level = env.LOG_LEVEL;

const stamp = siteStamp();
if (builtStamp() !== stamp) {
  // The database before anything slow: a wrong DATABASE_URL or data folder is said in a second, not after a build.
  await checkDatabaseReachable(env).catch((error) => {
    log.fatal(error instanceof StartupProblem ? error.message : { err: error });
    process.exit(1);
  });
  log.info('Building the public site: it was never built here, or its sources changed.');
  const started = performance.now();
  // Until the server takes over, a stop request ends the build; unhandled, PID 1 in a container would ignore it.
  const stopping = new AbortController();
  const stopBuild = (signal: NodeJS.Signals) => {
    stopping.abort();
    log.info({ signal }, 'Stopped while building the public site; the next start builds it again.');
    process.exit(0);
  };
  process.on('SIGINT', stopBuild);
  process.on('SIGTERM', stopBuild);
  try {
    await buildSite(stamp, { signal: stopping.signal, logOutput: true });
  } catch (error) {
    log.fatal(
      `Building the public site failed (${(error as Error).message}); its output is above. site/dist must be writable by this user when the site needs rebuilding.`,
    );
    process.exit(1);
  }
  process.off('SIGINT', stopBuild);
  process.off('SIGTERM', stopBuild);
  log.info({ seconds: Math.round((performance.now() - started) / 100) / 10 }, 'Built the public site.');
}

await import('../api/server');
