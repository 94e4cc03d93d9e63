import { type Context, type Env, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** JSON bodies are small; anything bigger is refused before it is read into memory. */
export const JSON_BODY_LIMIT = 64 * 1024;

export const tooLarge = (c: Context) => c.json({ error: 'Request body is too large.' }, 413);

const ownLimits = new WeakSet<MiddlewareHandler>();

/** Marks a limit a route carries itself (a photo form, a provider's events), so no JSON limit goes in front of it. */
export function ownBodyLimit(limit: MiddlewareHandler): MiddlewareHandler {
  ownLimits.add(limit);
  return limit;
}

/**
 * An area's routes, each of whose paths not carrying a limit of its own holds bodies to the JSON limit. The limit
 * goes on each route's own path, never on a wildcard (an area's middleware), which in an area mounted at '/' would
 * reach every other area's routes too.
 */
export function withJsonLimit<E extends Env>(routes: Hono<E>): Hono<E> {
  const limit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  const paths = new Set(routes.routes.map((route) => route.path).filter((path) => !path.endsWith('*')));
  for (const route of routes.routes) if (ownLimits.has(route.handler)) paths.delete(route.path);
  const limited = new Hono<E>();
  for (const path of paths) limited.use(path, limit);
  return limited.route('/', routes);
}
