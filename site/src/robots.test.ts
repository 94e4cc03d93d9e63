import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { GET } from './pages/robots.txt';

// Not beside robots.txt.ts: Astro makes every file under src/pages a route, tests included.

describe('robots.txt', () => {
  it('names the site’s sitemap and the app’s sitemap of live profile pages, at the site’s address', async () => {
    const response = await GET({ site: new URL('https://cards.example.net') } as APIContext);
    const lines = (await response.text()).split('\n');
    expect(lines.filter((line) => line.startsWith('Sitemap: '))).toEqual([
      'Sitemap: https://cards.example.net/sitemap.xml',
      'Sitemap: https://cards.example.net/sitemap-profiles.xml',
    ]);
    expect(lines).not.toContain('Disallow: /u/');
  });
});
