import { Hono } from 'hono';
import { liveDomainOfUsername } from '../events/domain/domains-read-model';
import { fontSourcePath } from '../renderer/font-files';
import { ogImageFile } from '../renderer/og-image/file';
import { OG_IMAGE_FILE } from '../renderer/og-image/inputs';
import { renderCardNotInUsePage } from '../renderer/pages/card-not-in-use-page';
import { renderNotFoundPage } from '../renderer/pages/not-found-page';
import { renderUnknownCardPage } from '../renderer/pages/unknown-card-page';
import { QR_FILES, qrCodeFile } from '../renderer/qr-files';
import { businessCardRoutes } from './cards/business-card';
import { profileSitemap } from './cards/profile-sitemap';
import type { AppEnv, Deps } from './deps';
import { withJsonLimit } from './http/body-limits';
import { handleError } from './http/errors';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { resolveCardCode } from './nfc-cards/resolve';
import { LOCAL_CHECKOUT_PATH } from './payments/create';
import { adminCardSheetRoutes } from './routes/admin-card-sheets';
import { adminOrderRoutes } from './routes/admin-orders';
import { checkoutRoutes } from './routes/checkout';
import { contactRoutes } from './routes/contact';
import { domainRoutes, domainsAllowedRoutes } from './routes/domain';
import { enquiryRoutes } from './routes/enquiries';
import { firmRoutes } from './routes/firms';
import { healthRoutes } from './routes/health';
import { invoiceRoutes } from './routes/invoices';
import { loginRoutes } from './routes/login';
import { nfcCardRoutes } from './routes/nfc-cards';
import { offsetClockRoutes } from './routes/offset-clock';
import { orderRoutes } from './routes/orders';
import { passwordResetRoutes } from './routes/password-reset';
import { paymentMethodRoutes } from './routes/payment-method';
import { pingRoutes } from './routes/ping';
import { profileRoutes } from './routes/profile';
import { quoteFormRoutes } from './routes/quote-form';
import { registerRoutes } from './routes/register';
import { reviewFormRoutes } from './routes/review-form';
import { reviewRequestRoutes } from './routes/review-requests';
import { adminReviewRoutes, reviewRoutes } from './routes/reviews';
import { trialRoutes } from './routes/trial';
import { webhookRoutes } from './routes/webhooks';
import { weeklySummaryRoutes } from './routes/weekly-summary';
import { compressJson } from './static/compress-body';
import { publicFiles } from './static/public-files';
import { siteFiles } from './static/site-files';
import { walletPassRoutes } from './wallet/routes';

/** The API, mounted by the server under /api. Tests call it directly with app.request(). */
export function createApi(deps: Deps) {
  const api = new Hono<AppEnv>();
  // Outermost in the API, so every JSON answer over ~1 KB goes compressed, errors and refusals included.
  api.use(compressJson());
  api.use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  // Each area at its prefix where its paths share one; bodies are held to the JSON limit unless a route carries its
  // own (the photo form, the provider's webhooks).
  const mount = (prefix: string, routes: Hono<AppEnv>) => api.route(prefix, withJsonLimit(routes));
  mount('/', healthRoutes(deps));
  mount('/', registerRoutes(deps));
  mount('/', loginRoutes(deps));
  mount('/', passwordResetRoutes(deps));
  mount('/profile', profileRoutes(deps, SITE_NAME));
  mount('/contact', contactRoutes(deps));
  mount('/business-card', businessCardRoutes(deps));
  mount('/trial', trialRoutes(deps));
  mount('/', checkoutRoutes(deps));
  mount('/', orderRoutes(deps));
  mount('/billing/payment-method', paymentMethodRoutes(deps));
  mount('/billing/invoices', invoiceRoutes(deps));
  mount('/admin', adminOrderRoutes(deps));
  mount('/admin', adminCardSheetRoutes(deps, SITE_NAME));
  mount('/nfc-cards', nfcCardRoutes(deps));
  mount('/enquiries', enquiryRoutes(deps));
  mount('/review-requests', reviewRequestRoutes(deps));
  mount('/reviews', reviewRoutes(deps));
  mount('/admin', adminReviewRoutes(deps));
  mount('/domain', domainRoutes(deps));
  mount('/domains', domainsAllowedRoutes(deps));
  mount('/firms', firmRoutes(deps));
  mount('/webhooks', webhookRoutes(deps));
  mount('/ping', pingRoutes(deps));
  mount('/weekly-summary', weeklySummaryRoutes(deps, SITE_NAME));
  if (deps.testClock) mount('/test-clock', offsetClockRoutes(deps, deps.testClock));
  api.onError(handleError);
  return api;
}

export const SITE_NAME = 'TradeCard';

/** The API under /api, and the rendered profiles, media and fonts from DATA_DIR/public. */
export function createApp(deps: Deps) {
  const app = new Hono();
  // First, so every answer (API, pages, photos, the site, a 404) has a request id and one access-log line.
  app.use(requestLog());
  // Next, so it wraps every answer: the API's, a page's, a photo's, an error's (issue 11, finding 3).
  app.use(securityHeaders({ publicUrl: deps.publicUrl }));
  app.route('/api', createApi(deps));
  // PAYMENTS=local: the simulator's hosted checkout and receipt pages, where Stripe's would be. Only the pages: its
  // Stripe API and control API stay on its loopback listener. They carry their own CSP, which the headers above keep.
  if (deps.stripeSimulator) app.route(LOCAL_CHECKOUT_PATH, deps.stripeSimulator.pages);
  app.route('/', profileSitemap({ db: deps.db, publicUrl: deps.publicUrl }));
  // Before the profile files, whose /u/<username>/<file> would answer these with the page's 404: the wallet pass,
  // and the quote form, drawn per request (issue 17).
  app.route('/', walletPassRoutes(deps, SITE_NAME));
  app.route('/', quoteFormRoutes(deps, SITE_NAME));
  app.route('/', reviewFormRoutes(deps, SITE_NAME));
  app.route(
    '/',
    publicFiles({
      publicDir: deps.publicDir,
      storage: deps.storage,
      drawnFiles: {
        ...Object.fromEntries(
          Object.keys(QR_FILES).map((file) => [
            file,
            async (username: string) =>
              qrCodeFile(deps, username, file, await liveDomainOfUsername(deps.db, username)),
          ]),
        ),
        [OG_IMAGE_FILE]: (username) => ogImageFile(deps.db, deps.storage, username),
      },
      fontFile: (name) => fontSourcePath(name) ?? null,
      notFoundPage: (username) => renderNotFoundPage({ username, siteName: SITE_NAME }),
      visits: deps.visits,
      trustProxy: deps.trustProxy,
      publicUrl: deps.publicUrl,
      resolveCard: (code) => resolveCardCode(deps.db, code),
      cardNotInUsePage: () => renderCardNotInUsePage({ siteName: SITE_NAME }),
      unknownCardPage: (code) => renderUnknownCardPage({ code, siteName: SITE_NAME }),
    }),
  );
  const site = siteFiles(deps.siteDir, { chatWidgetSrc: deps.chatWidgetSrc, localised: deps.localisedSite });
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
