import type { APIRoute } from 'astro';

// Signed-in screens, the API and the test checkout are no use in search results. The site's own pages are in
// sitemap.xml; the live profile pages in the app's sitemap-profiles.xml (api/cards/profile-sitemap.ts), an index of its
// own, which a sitemap index may not name, so both are named here.
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /checkout/',
      'Disallow: /myprofile',
      'Disallow: /admin',
      `Sitemap: ${new URL('/sitemap.xml', site).href}`,
      `Sitemap: ${new URL('/sitemap-profiles.xml', site).href}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
