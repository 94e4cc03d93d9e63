import type { APIRoute } from 'astro';
import { PATHS } from '../lib/routes';

const PUBLIC = [
  PATHS.home,
  PATHS.productAndPlan,
  PATHS.card,
  PATHS.plan,
  PATHS.faq,
  PATHS.reviews,
  PATHS.helpCentre,
  PATHS.contact,
  PATHS.policies,
];

/**
 * The site's canonical addresses only; aliases name these as canonical. The live profile pages are in the app's
 * /sitemap-profiles.xml (api/cards/profile-sitemap.ts), which robots.txt names beside this one.
 */
export const GET: APIRoute = ({ site }) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${PUBLIC.map(
      (path) => `  <url><loc>${new URL(path, site).href}</loc></url>`,
    ).join('\n')}\n</urlset>\n`,
    { headers: { 'content-type': 'application/xml; charset=utf-8' } },
  );
