import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type CardContent, defaultCardContent, type ImageRef } from '../events/card/content';
import { PAGE_TEMPLATE_VERSION } from './page-template';
import { renderProfilePage } from './pages/profile-page';

/**
 * What every version of the page rendered this card as. When the test fails, the page's HTML has changed: bump
 * PAGE_TEMPLATE_VERSION (so every live page is rendered again once the release starts) and record the new hash
 * under the new version here.
 */
const RENDERED_BY_VERSION: Record<number, string> = {
  17: 'feb0954dbcbc2c43abbf3767412dfc78bd23d35033f22ccc6137a8080acd171f',
  // Issue 28: square profile photos; and (not in this card, every section of which shows) pages with a section
  // hidden lose what it held from Call and WhatsApp, Save My Number, the JSON-LD and the sharing tags, and their
  // contact.vcf, which only a render removes.
  18: '4d77c2ce84c13ce7d6a95686914de69a4e0796ae882906cf7c2191195c350e00',
  // Issue 29: the same HTML; every page gets its variants file (platform/storage/page-variants.ts), which only a
  // render writes, so pages rendered before are served from it after the release.
  19: '4d77c2ce84c13ce7d6a95686914de69a4e0796ae882906cf7c2191195c350e00',
  // Issue 30: a review the owner typed says so ("added by <name>"), apart from customers' verified reviews.
  20: 'deb87d37f11b34c926af40e1cc729f27724f2c2a189843de7a24fe9ea77b2d66',
  // Issue 32: a firm's member's page names the firm at its foot, with its logo, linking to the firm's page; issue
  // 30: the link preview image says the verified customers' average (its drawing's version is in its name).
  21: '3edeb568903fffda883bbaffb652222561695af6ecf26365c4d608e0d9deef46',
  // Issue 29: a fallback face for each web font, a system font sized to take its room (renderer/fonts.ts), so the
  // page no longer moves when the font lands.
  22: 'f9cb650d963187d20b69eb75b26c4846938524c54ca5316964007e99875fa6e5',
};

const photo = (id: string, width: number, height: number): ImageRef => ({
  id: id.repeat(24),
  width,
  height,
  widths: [320, 640, width],
});

/** Every section and every field a page can show, fixed here so a change to a shared fixture changes nothing. */
const everything: CardContent = {
  ...defaultCardContent(),
  cover_photo: photo('a', 1600, 900),
  avatar: photo('b', 800, 800),
  works: [photo('c', 1600, 1200), photo('d', 1200, 1600)],
  main_heading: 'Boilers fixed today',
  sub_heading: 'Heating and plumbing across Leeds',
  full_name: 'Dana Pipe',
  job_title: 'Plumber',
  business_card_name: 'Pipe & Sons',
  bio: 'Twenty years of boilers, bathrooms and burst pipes.',
  services: [{ name: 'Boiler service', price: '£80' }],
  reviews: [{ name: 'Sam', text: 'Came out at midnight.', rating: 5 }],
  contact_email: 'dana@example.com',
  phone_number: '07700 900123',
  facebook_url: 'https://facebook.com/pipeandsons',
  instagram_url: 'https://instagram.com/pipeandsons',
  linkedin_url: 'https://linkedin.com/in/danapipe',
  x_url: 'https://x.com/pipeandsons',
  tiktok_url: 'https://tiktok.com/@pipeandsons',
  whatsapp_greeting: 'Hello Dana,',
  opening_hours: [
    { day: 'monday', opens: '08:00', closes: '18:00' },
    { day: 'saturday', opens: '09:00', closes: '13:00' },
  ],
  emergency_callout: { on: true, hours: '24/7', note: 'Leaks and no heat.' },
  areas_covered: ['Leeds', 'LS6'],
  credentials: [
    { scheme: 'gas_safe', name: '', number: '1234567', url: '' },
    { scheme: 'other', name: 'WaterSafe', number: '', url: 'https://www.watersafe.org.uk/' },
  ],
  quotes_enabled: true,
};

describe('the page template version', () => {
  it('changes whenever the page’s HTML does', () => {
    const html = renderProfilePage({
      content: everything,
      username: 'dana',
      pageUrl: 'https://tradecard.example/u/dana/',
      siteName: 'TradeCard',
      walletEnabled: true,
    });
    const hash = createHash('sha256').update(html).digest('hex');
    expect(
      hash,
      `The page's HTML changed: bump PAGE_TEMPLATE_VERSION in renderer/page-template.ts (so live pages are rendered again after the release) and record ${hash} for it in RENDERED_BY_VERSION here.`,
    ).toBe(RENDERED_BY_VERSION[PAGE_TEMPLATE_VERSION]);
  });
});
