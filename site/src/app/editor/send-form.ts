/** Bytes of a request body sent so far, of `total`. */
export type SendProgress = { loaded: number; total: number };

/** An answer's status, JSON body (`{}` when it has none), and the seconds its Retry-After asks for, if any. */
export type FormAnswer = { status: number; body: unknown; retryAfterSeconds?: number };

/**
 * POSTs a multipart form, reporting how much of its body has gone. XMLHttpRequest rather than fetch: it is the one
 * way a browser reports an upload's progress (fetch streams request bodies over HTTP/2 only). The browser sets the
 * multipart boundary itself, and the session cookie goes as with any same-origin request (ADR 015). Null when no
 * answer came (offline, a dropped connection).
 */
export function sendForm(
  endpoint: string,
  form: FormData,
  onProgress: (progress: SendProgress) => void = () => {},
): Promise<FormAnswer | null> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      let body: unknown = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's error page): the status decides.
      }
      const retryAfter = Number(request.getResponseHeader('Retry-After'));
      resolve({
        status: request.status,
        body,
        ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
      });
    });
    for (const failure of ['error', 'abort', 'timeout'] as const)
      request.addEventListener(failure, () => resolve(null));
    request.send(form);
  });
}
