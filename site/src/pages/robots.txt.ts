import type { APIRoute } from 'astro';

// Signed-in screens, the API and the test checkout are no use in search results.
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /api/',
      'Disallow: /checkout/',
      'Disallow: /myprofile',
      'Disallow: /admin',
      `Sitemap: ${new URL('/sitemap.xml', site).href}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
