import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, startTsChild } from './child-process';
import { childEnv } from './env';
import { atLeast, type BenchRow, info } from './report';

const CHROMIUM = '/usr/bin/chromium';
/** Fixed, so the site can be built for the address it is served from (canonical links must match for SEO). */
const PORT = 3971;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PAGES = ['/', '/productandplan', '/faq'];
const CATEGORIES = [
  ['performance', 95],
  ['accessibility', 100],
  ['best-practices', 100],
  ['seo', 100],
] as const;
const START_TIMEOUT_MS = 60_000;

type ResourceRow = { resourceType: string; transferSize: number };

/** The site as `npm start` builds it, for this origin. */
function buildSite() {
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/.bin/astro'), 'build', '--root', 'site'],
    {
      cwd: REPO_ROOT,
      env: childEnv({ PUBLIC_URL: ORIGIN, CHAT_WIDGET_SRC: '' }),
      stdio: 'ignore',
    },
  );
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/compress-site.ts'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
}

/**
 * Lighthouse 12 (mobile preset: a mid-range phone on a slow 4G link, simulated) on the pages issue 5 names, in
 * Debian's Chromium against `npm start`. Each category's score beside its budget, and the JavaScript each page
 * ships over the wire.
 */
export async function lighthouseBenchmark(): Promise<BenchRow[]> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Lighthouse needs Debian's Chromium at ${CHROMIUM}`);
  buildSite();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-lighthouse-'));
  const server = startTsChild('api/server.ts', {
    DATA_DIR: dir,
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    SEED_DEMO: 'false',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await server.waitFor(/TradeCard is running/, START_TIMEOUT_MS);
    const rows: BenchRow[] = [];
    for (const page of PAGES) {
      const result = await lighthouse(`${ORIGIN}${page}`, {
        port: chrome.port,
        logLevel: 'error',
        onlyCategories: CATEGORIES.map(([id]) => id),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
      for (const [id, budget] of CATEGORIES) {
        const score = Math.round((lhr.categories[id]?.score ?? 0) * 100);
        rows.push(atLeast(`Lighthouse ${id} ${page}`, score, '', budget));
      }
      const summary = lhr.audits['resource-summary']?.details as { items?: ResourceRow[] } | undefined;
      const script = summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
      rows.push(info(`JavaScript shipped by ${page} (over the wire)`, script / 1024, 'KB'));
      const failing = Object.values(lhr.audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      );
      if (failing.length > 0)
        process.stderr.write(`  ${page}: ${failing.map((audit) => audit.id).join(', ')}\n`);
    }
    return rows;
  } finally {
    await chrome.kill();
    await server.stop();
  }
}
