import { Hono } from 'hono';
import { log } from '../../observability/log';
import type { AppEnv, Deps } from '../deps';
import { checkReadiness, notReadySentence } from '../process/readiness';

/**
 * /health: the process is up and answering (no I/O: a liveness probe must not fail because the disk is slow).
 * /ready: this instance can do its work now; a load balancer sends it traffic only while this says 200.
 */
export function healthRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  let wasReady = true;

  app.get('/health', (c) => c.json({ ok: true }));

  app.get('/ready', async (c) => {
    const readiness = await checkReadiness(deps);
    // Logged when it changes, not at every poll: one line says what went wrong, one says it is over.
    if (readiness.ok !== wasReady) {
      wasReady = readiness.ok;
      if (readiness.ok) log.info({ checks: readiness.checks }, 'Ready again');
      else log.warn({ checks: readiness.checks }, notReadySentence(readiness));
    }
    if (readiness.ok) return c.json({ ok: true, checks: readiness.checks });
    return c.json({ error: notReadySentence(readiness), checks: readiness.checks }, 503);
  });

  return app;
}
