import type { z } from 'zod/mini';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 0 when the request never got an answer: SPEC §8 words that case differently. */
export const NO_RESPONSE = 0;

/**
 * Calls our API; the browser sends the session cookie with it (ADR 015). A failure throws ApiError carrying the server's own `error` text when
 * there is one (SPEC §8: "when response.data.error is present, its text is shown"), else the caller's fallback.
 * A success is read with the answer's schema from contract/ (ADR 021): an answer that doesn't match is a fault
 * between site and API, said in the console and shown as the caller's fallback rather than as a broken screen.
 */
export async function callApi<Answer extends z.ZodMiniType>(
  path: string,
  answer: Answer | (() => Promise<Answer>),
  options: {
    method?: string;
    body?: unknown;
    fallback: string;
    /** This very request, already started by the page before its bundles ran (app/early-requests.ts). */
    started?: Promise<Response> | undefined;
  },
): Promise<z.output<Answer>> {
  // A schema loaded on first use (lib/answers-later.ts) comes while the request is under way. Should its load fail,
  // that is told when the schema is needed, not as an unhandled rejection before.
  const schema = typeof answer === 'function' ? answer() : Promise.resolve(answer);
  schema.catch(() => {});
  let response: Response;
  try {
    response = await (options.started ??
      fetch(`/api${path}`, {
        method: options.method ?? 'GET',
        // The default, said outright: the session cookie goes to our own origin and nowhere else.
        credentials: 'same-origin',
        headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }));
  } catch {
    throw new ApiError(options.fallback, NO_RESPONSE);
  }
  const data: unknown = await response.json().catch(() => ({}));
  const error = errorText(data);
  if (!response.ok || error !== null) throw new ApiError(error ?? options.fallback, response.status);
  let reader: Answer;
  try {
    reader = await schema;
  } catch {
    throw new ApiError(options.fallback, NO_RESPONSE);
  }
  const read = reader.safeParse(data);
  if (!read.success) {
    console.error(`The API's answer to ${path} is not the one its contract describes:`, read.error.issues);
    throw new ApiError(options.fallback, response.status);
  }
  return read.data;
}

/** The `error` of an answer (SPEC §8), when it has one. */
export function errorText(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('error' in data)) return null;
  return typeof data.error === 'string' ? data.error : null;
}
