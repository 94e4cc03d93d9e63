import fs from 'node:fs';
import { expect, it } from 'vitest';
import { PAGE_TEMPLATE_VERSION } from '../renderer/page-template';
import { DRAWN_WITH_FILE } from '../scripts/site-assets/pages';

// Issue 28: the home page's phones showed a profile two releases old (no Call, WhatsApp or Request a quote). The
// pictures of pages are drawn from the real renderer, and say which page template drew them.
it('draws the site’s pictures of profile pages with the page template of today', () => {
  const drawn = JSON.parse(fs.readFileSync(DRAWN_WITH_FILE, 'utf8')) as { pageTemplateVersion: number };
  expect(
    drawn.pageTemplateVersion,
    'The page template changed since the site’s pictures of pages were drawn: run `npx tsx scripts/site-assets/make-pages.ts` and commit what it writes.',
  ).toBe(PAGE_TEMPLATE_VERSION);
});
