import type { Context } from 'hono';
import { Hono } from 'hono';
import { log } from '../../observability/log';
import type { Db } from '../../platform/database/db';
import { escapeXml } from '../../renderer/escape-xml';
import { livePages } from '../../renderer/live-pages';
import { pageAddress } from '../../renderer/render-account';
import { chooseCoding } from '../static/negotiate';

/** The sitemap protocol's cap on the addresses one file may list. */
const SITEMAP_URLS = 50_000;

/** Rows read at a time while a part is sent: a part of 50,000 pages never sits in memory whole. */
const ROWS_PER_READ = 1000;

/** Crawlers come back for it now and then; a page published this hour may wait for the next look. */
const SITEMAP_CACHE = 'public, max-age=600';

const XML_TYPE = 'application/xml; charset=utf-8';
const PROLOGUE = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The sitemap file of part `n` (from 1), each of at most SITEMAP_URLS pages in order of name. */
const sitemapPartPath = (part: number) => `/sitemap-profiles-${part}.xml`;

/**
 * The live pages whose address is here: a page on its owner's own domain (issue 31) is that domain's, and a sitemap
 * may only list its own host's addresses.
 */
const listedPages = (db: Db) =>
  livePages(db).where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('domains as d')
          .select('d.account_id')
          .whereRef('d.account_id', '=', 'p.account_id')
          .where('d.status', '=', 'live'),
      ),
    ),
  );

async function countLivePages(db: Db): Promise<number> {
  const row = await listedPages(db)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Up to `limit` live pages after the name `after` (from the first when null), in order of name. */
function livePagesAfter(db: Db, after: string | null, limit: number) {
  const query = listedPages(db).select(['p.username', 'p.rendered_at']).orderBy('p.username').limit(limit);
  return (after === null ? query : query.where('p.username', '>', after)).execute();
}

type Paging = { urlsPerPart: number; rowsPerRead: number };

/** The last name before part `part` begins: null for the first, undefined when there are too few pages for it. */
async function nameBeforePart(db: Db, part: number, paging: Paging): Promise<string | null | undefined> {
  if (part === 1) return null;
  const row = await listedPages(db)
    .select('p.username')
    .orderBy('p.username')
    .limit(1)
    .offset((part - 1) * paging.urlsPerPart - 1)
    .executeTakeFirst();
  return row?.username;
}

/** W3C date-time to the second, as sitemaps show it. */
const lastmod = (renderedAt: string | null) =>
  renderedAt ? `<lastmod>${escapeXml(renderedAt.replace(/\.\d+Z$/, 'Z'))}</lastmod>` : '';

/** One part's urlset, read a few rows at a time as the client takes it. */
function partStream(db: Db, publicUrl: string, after: string | null, paging: Paging) {
  const encoder = new TextEncoder();
  let last = after;
  let sent = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${PROLOGUE}<urlset xmlns="${NAMESPACE}">\n`));
        return;
      }
      const limit = Math.min(paging.rowsPerRead, paging.urlsPerPart - sent);
      try {
        const rows = limit > 0 ? await livePagesAfter(db, last, limit) : [];
        const urls = rows.map(
          (row) =>
            `<url><loc>${escapeXml(pageAddress(publicUrl, row.username))}</loc>${lastmod(row.rendered_at)}</url>\n`,
        );
        if (urls.length > 0) controller.enqueue(encoder.encode(urls.join('')));
        sent += rows.length;
        last = rows.at(-1)?.username ?? last;
        if (rows.length < limit || sent >= paging.urlsPerPart) {
          controller.enqueue(encoder.encode('</urlset>\n'));
          controller.close();
        }
      } catch (error) {
        // Headers are gone already: the client sees a cut-off file, which it discards and asks for again later.
        log.error({ err: error }, 'The profile sitemap could not be read');
        controller.error(error);
      }
    },
  });
}

/**
 * `/sitemap-profiles.xml`, named in robots.txt: an index of its parts, `/sitemap-profiles-<n>.xml`, each listing
 * up to 50,000 live pages as `<PUBLIC_URL>/u/<name>` with when each last changed (ADR 030, decision 6). Always an
 * index, even of one part, so the address robots.txt names never changes meaning as the pages grow past the cap.
 */
export function profileSitemap(options: { db: Db; publicUrl: string } & Partial<Paging>) {
  const { db, publicUrl } = options;
  const paging = {
    urlsPerPart: options.urlsPerPart ?? SITEMAP_URLS,
    rowsPerRead: options.rowsPerRead ?? ROWS_PER_READ,
  };
  const app = new Hono();

  const xml = (c: Context, body: string | ReadableStream<Uint8Array>) => {
    const headers: Record<string, string> = {
      'Content-Type': XML_TYPE,
      'Cache-Control': SITEMAP_CACHE,
      Vary: 'Accept-Encoding',
    };
    let stream = typeof body === 'string' ? new Blob([body]).stream() : body;
    // A part of 50,000 addresses is about 5 MB as text and a tenth of that compressed.
    if (chooseCoding(c.req.header('accept-encoding'), { br: false, gzip: true }) === 'gzip') {
      // Typed as taking any BufferSource; it is given bytes and gives bytes.
      stream = stream.pipeThrough(new CompressionStream('gzip') as TransformStream<Uint8Array, Uint8Array>);
      headers['Content-Encoding'] = 'gzip';
    }
    return c.body(stream, 200, headers);
  };

  app.get('/sitemap-profiles.xml', async (c) => {
    const parts = Math.max(1, Math.ceil((await countLivePages(db)) / paging.urlsPerPart));
    const entries = Array.from(
      { length: parts },
      (_, index) =>
        `<sitemap><loc>${escapeXml(`${publicUrl}${sitemapPartPath(index + 1)}`)}</loc></sitemap>\n`,
    );
    return xml(c, `${PROLOGUE}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`);
  });

  app.get('/:file{sitemap-profiles-[1-9][0-9]{0,5}\\.xml}', async (c) => {
    const part = Number(/\d+/.exec(c.req.param('file'))?.[0]);
    const after = await nameBeforePart(db, part, paging);
    if (after === undefined) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    return xml(c, partStream(db, publicUrl, after, paging));
  });

  return app;
}
