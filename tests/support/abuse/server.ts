import path from 'node:path';
import { sentTo, waitForMail } from '../api/mail/outbox';
import type { ServerProcess } from '../api/server-process';
import { callJson } from './signed-in';

/** The real server's answer to one JSON request, read whole. */
export type Answer = { status: number; headers: Headers; body: Record<string, unknown> };

/** POSTs JSON to the running server, as a client behind `forwardedFor` (the X-Forwarded-For a proxy would add). */
export const postJson = (
  server: Pick<ServerProcess, 'url'>,
  route: string,
  body: unknown,
  forwardedFor?: string,
) => callJson(server, 'POST', route, body, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {});

/**
 * Registers and verifies an account through the API, reading the code from the server's outbox folder (in a
 * cluster: the leader's, which sends the mail, while `url` may be any instance or the load balancer).
 */
export async function signUpThroughApi(
  server: Pick<ServerProcess, 'url' | 'dataDir'>,
  username: string,
  password: string,
  forwardedFor?: string,
): Promise<string> {
  const email = `${username}@example.com`;
  const registered = await postJson(
    server,
    '/api/register',
    { name: 'Dana Pipe', email, username, password },
    forwardedFor,
  );
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const mail = await waitForMail(path.join(server.dataDir, 'outbox'), (m) => sentTo(m, email));
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const verified = await postJson(server, '/api/verify-email', { email, code }, forwardedFor);
  if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return email;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
