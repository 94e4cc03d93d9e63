import type { ServerProcess } from '../api/server-process';
import type { Answer } from './server';

/** The headers that make a request signed in: the bearer token API clients use, or else the session cookie. */
export type Session = Record<string, string>;

/** Any JSON request to the running server, signed in when given a session. */
export async function callJson(
  server: Pick<ServerProcess, 'url'>,
  method: string,
  route: string,
  body?: unknown,
  session: Session = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...session },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: response.status, headers: response.headers, body: json };
}

export async function signIn(
  server: Pick<ServerProcess, 'url'>,
  email: string,
  password: string,
): Promise<Session> {
  const answer = await callJson(server, 'POST', '/api/login', { email, password });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
  const token = answer.body.token;
  if (typeof token === 'string') return { authorization: `Bearer ${token}` };
  const cookie = answer.headers.getSetCookie().map((line) => line.split(';')[0]);
  return { cookie: cookie.join('; '), origin: server.url as string };
}

/** GETs a public page until `until` holds (pages are rendered a moment after the event), or gives up. */
export async function waitForPage(
  server: ServerProcess,
  route: string,
  until: (status: number, html: string) => boolean,
  timeoutMs = 5000,
): Promise<{ status: number; html: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${server.url}${route}`);
    const page = { status: response.status, html: await response.text() };
    if (until(page.status, page.html) || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
