import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, Deps } from './deps';
import { handleError } from './errors';
import { contactRoutes } from './routes/contact';
import { loginRoutes } from './routes/login';
import { passwordResetRoutes } from './routes/password-reset';
import { profileRoutes } from './routes/profile';
import { registerRoutes } from './routes/register';

/** JSON bodies are small; anything bigger is refused before it is read into memory. */
export const JSON_BODY_LIMIT = 64 * 1024;

/** The API, mounted by the server under /api. Tests call it directly with app.request(). */
export function createApi(deps: Deps) {
  const api = new Hono<AppEnv>();
  api.use(
    bodyLimit({
      maxSize: JSON_BODY_LIMIT,
      onError: (c) => c.json({ error: 'Request body is too large.' }, 413),
    }),
  );
  api.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.get('/health', (c) => c.json({ ok: true }));
  api.route('/', registerRoutes(deps));
  api.route('/', loginRoutes(deps));
  api.route('/', passwordResetRoutes(deps));
  api.route('/', profileRoutes(deps));
  api.route('/', contactRoutes(deps));
  api.onError(handleError);
  return api;
}

export function createApp(deps: Deps) {
  const app = new Hono();
  app.route('/api', createApi(deps));
  // A mounted app's notFound is not consulted, so unknown API paths are answered here, still as JSON.
  app.notFound((c) =>
    c.req.path.startsWith('/api/') ? c.json({ error: 'Not found.' }, 404) : c.text('Not found', 404),
  );
  return app;
}
