import { type MetricsServer, startMetricsServer } from '../../observability/metrics-server';
import type { Env } from '../env';
import { StartupProblem } from './startup-problem';

/**
 * The metrics listener configuration asks for, or null with METRICS_PORT=off. One it cannot open stops start-up
 * with a sentence naming the setting (issue 27): a second instance on a host that carried on without /metrics
 * would serve customers unwatched, its first failure seen by nobody. Started before the database, so a refusal
 * leaves nothing open and takes no traffic.
 */
export async function startMetricsListener(
  env: Pick<Env, 'METRICS_HOST' | 'METRICS_PORT'>,
): Promise<MetricsServer | null> {
  if (env.METRICS_PORT === 'off') return null;
  const { METRICS_HOST: host, METRICS_PORT: port } = env;
  try {
    return await startMetricsServer({ host, port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new StartupProblem(
        `METRICS_PORT ${port} is in use, probably by another instance on this host: give each instance its own METRICS_PORT, or set METRICS_PORT=off.`,
      );
    if (code === 'EACCES')
      throw new StartupProblem(
        `METRICS_PORT ${port} needs privileges this user lacks: set METRICS_PORT to 1024 or above, or METRICS_PORT=off.`,
      );
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      throw new StartupProblem(
        `METRICS_HOST ${host} is not an address of this host: set METRICS_HOST to one (127.0.0.1, or 0.0.0.0 for every address), or METRICS_PORT=off.`,
      );
    throw error;
  }
}
