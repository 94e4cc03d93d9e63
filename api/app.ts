import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { uploadsRefused } from '../observability/metrics';
import { fontSourcePath } from '../renderer/font-files';
import { renderNotFoundPage } from '../renderer/pages/not-found-page';
import { qrCodeFile } from '../renderer/render-account';
import type { AppEnv, Deps } from './deps';
import { handleError } from './errors';
import { UPLOAD_TOO_LARGE } from './media/upload-form';
import { LOCAL_CHECKOUT_PATH } from './payments/create';
import { publicFiles } from './public-files';
import { requestLog } from './request-log';
import { adminOrderRoutes } from './routes/admin-orders';
import { businessCardRoutes, CARD_TEXT_LIMIT, CARD_UPLOAD_LIMIT } from './routes/business-card';
import { checkoutRoutes } from './routes/checkout';
import { contactRoutes } from './routes/contact';
import { healthRoutes } from './routes/health';
import { loginRoutes } from './routes/login';
import { orderRoutes } from './routes/orders';
import { passwordResetRoutes } from './routes/password-reset';
import { profileRoutes } from './routes/profile';
import { registerRoutes } from './routes/register';
import { trialRoutes } from './routes/trial';
import { webhookRoutes } from './routes/webhooks';
import { securityHeaders } from './security-headers';
import { siteFiles } from './site-files';
import { compressJson } from './static/compress-body';

/** JSON bodies are small; anything bigger is refused before it is read into memory. */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Stripe events carry whole objects (a subscription with its items, an invoice with its lines). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** The API, mounted by the server under /api. Tests call it directly with app.request(). */
export function createApi(deps: Deps) {
  const api = new Hono<AppEnv>();
  // Outermost in the API, so every JSON answer over ~1 KB goes compressed, errors and refusals included.
  api.use(compressJson());
  const tooLarge = (c: Context) => c.json({ error: 'Request body is too large.' }, 413);
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  const cardTextLimit = bodyLimit({ maxSize: CARD_TEXT_LIMIT, onError: tooLarge });
  // A photo form is read as a stream by its route, which stops at the first photo over its limit; a declared length
  // past every photo allowed together is refused here, unread. (bodyLimit would buffer a body without a length.)
  const uploadLimit: MiddlewareHandler = (c, next) => {
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data'))
      return cardTextLimit(c, next);
    if (Number(c.req.header('content-length') ?? 0) > CARD_UPLOAD_LIMIT) {
      uploadsRefused.inc({ reason: 'too_large' });
      c.header('Connection', 'close');
      return Promise.resolve(c.json({ error: UPLOAD_TOO_LARGE }, 413));
    }
    return next();
  };
  const webhookLimit = bodyLimit({ maxSize: WEBHOOK_BODY_LIMIT, onError: tooLarge });
  // Only publishing a card carries photos, and only webhooks carry a provider's objects; the rest is small JSON.
  api.use((c, next) => {
    if (c.req.path.endsWith('/business-card/create_business_card')) return uploadLimit(c, next);
    if (c.req.path.endsWith('/webhooks/stripe')) return webhookLimit(c, next);
    return jsonLimit(c, next);
  });
  api.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.route('/', healthRoutes(deps));
  api.route('/', registerRoutes(deps));
  api.route('/', loginRoutes(deps));
  api.route('/', passwordResetRoutes(deps));
  api.route('/', profileRoutes(deps));
  api.route('/', contactRoutes(deps));
  api.route('/', businessCardRoutes(deps));
  api.route('/', trialRoutes(deps));
  api.route('/', checkoutRoutes(deps));
  api.route('/', orderRoutes(deps));
  api.route('/', adminOrderRoutes(deps));
  api.route('/', webhookRoutes(deps));
  api.onError(handleError);
  return api;
}

export const SITE_NAME = 'TradeCard';

/** The API under /api, and the rendered profiles, media and fonts from DATA_DIR/public. */
export function createApp(deps: Deps) {
  const app = new Hono();
  // First, so every answer (API, pages, photos, the site, a 404) has a request id and one access-log line.
  app.use(requestLog({ trustProxy: deps.trustProxy }));
  // Next, so it wraps every answer: the API's, a page's, a photo's, an error's (issue 11, finding 3).
  app.use(securityHeaders({ publicUrl: deps.publicUrl }));
  app.route('/api', createApi(deps));
  // PAYMENTS=local: the simulator's hosted checkout and receipt pages, where Stripe's would be. Only the pages: its
  // Stripe API and control API stay on its loopback listener. They carry their own CSP, which the headers above keep.
  if (deps.stripeSimulator) app.route(LOCAL_CHECKOUT_PATH, deps.stripeSimulator.pages);
  app.route(
    '/',
    publicFiles({
      publicDir: deps.publicDir,
      ensureQrCode: (username, file) => qrCodeFile(deps, username, file),
      fontFile: (name) => fontSourcePath(name) ?? null,
      notFoundPage: (username) => renderNotFoundPage({ username, siteName: SITE_NAME }),
    }),
  );
  const site = siteFiles(deps.siteDir, { chatWidgetSrc: deps.chatWidgetSrc });
  app.route('/', site.app);
  // A mounted app's notFound is not consulted, so unknown API paths are answered here, still as JSON.
  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ error: 'Not found.' }, 404);
    // A missing image or favicon gets these few bytes, never the 20 KB page.
    const text = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    return site.notFound(c).then((page) => page ?? text());
  });
  // Errors outside /api (a page, a photo) are logged and answered the same way.
  app.onError(handleError);
  return app;
}
