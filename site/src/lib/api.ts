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
 */
export async function callApi<T = Record<string, unknown>>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    fallback: string;
    /** This very request, already started by the page before its bundles ran (app/early-requests.ts). */
    started?: Promise<Response> | undefined;
  },
): Promise<T> {
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
  const data = (await response.json().catch(() => ({}))) as T & { error?: unknown };
  if (!response.ok || typeof data.error === 'string') {
    throw new ApiError(typeof data.error === 'string' ? data.error : options.fallback, response.status);
  }
  return data;
}
