import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import type { Deps } from '../../../api/deps';
import type { LiveDomains } from '../../../api/domains/live-domains';
import { createFastPath } from '../../../api/static/fast-path';
import type { FileCache } from '../../../api/static/file-cache';
import { createServerWithFastPath } from '../../../api/static/page-listener';
import { sharedFileCache } from '../../../api/static/shared-cache';
import { fontSourcePath } from '../../../renderer/font-files';

/**
 * The app on a real listening socket, built as api/server.ts builds it: the fast path in front of Hono, or (with
 * `fastPath: false`) Hono alone. `answeredFast` counts the requests the fast path took.
 */
export async function listenLikeServer(
  app: Hono,
  deps: Deps,
  options: { fastPath?: boolean; cache?: FileCache; now?: () => number; live?: LiveDomains } = {},
) {
  let server: http.Server | undefined;
  const fast = await createFastPath({
    cache: options.cache ?? sharedFileCache,
    publicDir: deps.publicDir,
    storage: deps.storage,
    publicUrl: deps.publicUrl,
    fontFile: (name) => fontSourcePath(name) ?? null,
    trustProxy: deps.trustProxy,
    isOpen: () => server?.listening ?? false,
    visits: deps.visits,
    ...(options.now ? { now: options.now } : {}),
  });
  const counted = { answeredFast: 0 };
  server = createServerWithFastPath(
    app.fetch,
    (request, response) => {
      if (options.fastPath === false || !fast(request, response)) return false;
      counted.answeredFast += 1;
      return true;
    },
    options.live && { live: options.live, serviceOrigin: deps.publicUrl },
  );
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return {
    port: (listening.address() as AddressInfo).port,
    counted,
    close: () =>
      new Promise<void>((resolve) => {
        listening.closeAllConnections();
        listening.close(() => resolve());
      }),
  };
}
