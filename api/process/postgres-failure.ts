import { StartupProblem } from './startup-problem';

/** Where DATABASE_URL points, without its password: safe for a log line or a terminal. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `postgres://${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * PostgreSQL's refusals at start-up as one sentence an operator can act on (the database named without its password),
 * instead of a driver stack. Null for anything else, which keeps its stack.
 */
export function postgresOpenFailure(url: string, error: unknown): StartupProblem | null {
  const named = `The database at ${describePostgresUrl(url)} (DATABASE_URL)`;
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error as Error | null)?.message ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return new StartupProblem(
        `${named} refused the connection: is PostgreSQL running and listening there?`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupProblem(`${named} could not be found: check the host name in DATABASE_URL.`);
    case '28P01':
    case '28000':
      return new StartupProblem(
        `${named} refused us: ${message}. Check the user and password in DATABASE_URL.`,
      );
    case '3D000':
      return new StartupProblem(`${named} does not exist: create it (createdb) or correct DATABASE_URL.`);
    case '42501':
      return new StartupProblem(
        `${named} lets us in but not create or change tables (${message}): grant the user rights on its schema.`,
      );
  }
  if (/timeout/i.test(message))
    return new StartupProblem(
      `${named} did not answer within 10 s: check the host, the port and the network.`,
    );
  return null;
}
