// Bench-only server: renders /u/:username on every request from the read models (users, cards), the way most
// peers serve profile pages, to compare with the static files that `npm start` serves. Configuration comes from
// readEnv() (DATA_DIR, PORT, PUBLIC_URL), like the real server; it listens on 127.0.0.1 only.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { SITE_NAME } from '../../api/app';
import { readEnv } from '../../api/env';
import { databaseFile } from '../../api/runtime';
import { PROFILE_CSP } from '../../api/static/public-files';
import { isAccountLive } from '../../events/account/liveness';
import { type CardContent, largestMediaUrl } from '../../events/card/content';
import { visibleSections } from '../../events/card/display';
import { openDatabase } from '../../platform/database/db';
import { renderNotFoundPage } from '../../renderer/pages/not-found-page';
import { renderNotLivePage } from '../../renderer/pages/not-live-page';
import { renderNotSetUpPage } from '../../renderer/pages/not-set-up-page';
import { renderProfilePage } from '../../renderer/pages/profile-page';

const env = readEnv();
const { db } = await openDatabase(databaseFile(env));

const hasVisibleContent = (content: CardContent | null): content is CardContent =>
  content !== null && visibleSections(content, largestMediaUrl).sections.length > 0;

/** The same choice of page as renderer/render-account.ts, made per request instead of per publish. */
async function renderPage(username: string): Promise<{ html: string; status: 200 | 404 }> {
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  if (!user) return { html: renderNotFoundPage({ username, siteName: SITE_NAME }), status: 404 };
  const row = await db
    .selectFrom('cards')
    .select('content')
    .where('account_id', '=', user.id)
    .executeTakeFirst();
  const content = row ? (JSON.parse(row.content) as CardContent) : null;
  const pageUrl = `${env.PUBLIC_URL}/u/${username}`;
  if (!isAccountLive(user))
    return { html: renderNotLivePage({ username, siteName: SITE_NAME }), status: 200 };
  if (!hasVisibleContent(content)) {
    return { html: renderNotSetUpPage({ username, siteName: SITE_NAME }), status: 200 };
  }
  return { html: renderProfilePage({ content, username, pageUrl, siteName: SITE_NAME }), status: 200 };
}

const app = new Hono();
app.use(compress());
app.get('/u/:username', async (c) => {
  const { html, status } = await renderPage(c.req.param('username').toLowerCase());
  c.header('Content-Security-Policy', PROFILE_CSP);
  c.header('Cache-Control', 'public, max-age=60, s-maxage=0, must-revalidate');
  return c.html(html, status);
});

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: '127.0.0.1' }, (info) => {
  console.log(`SSR bench server is running at http://127.0.0.1:${info.port}`);
});
const stop = () => {
  server.close(() => process.exit(0));
  // A keep-alive connection must not hold the process hostage.
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
