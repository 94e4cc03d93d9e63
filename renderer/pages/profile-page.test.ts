import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type CardContent, cardContentSchema, defaultCardContent } from '../../events/card/content';
import { parseCardFields } from '../../events/card/input';
import { isDiallable } from '../../events/card/phone';
import { fullCard, imageRef } from '../../tests/support/renderer/card';
import { withoutJsonLd } from '../../tests/support/renderer/json-ld';
import { SAMPLE_USERNAME, sampleCardFields } from '../sample/sample-card';
import { renderProfilePage, saveContactHref, walletPassHref } from './profile-page';

const pageUrl = 'https://tradecard.example/u/dave/';
const render = (content = fullCard(), walletEnabled = true) =>
  renderProfilePage({ content, username: 'dave', pageUrl, siteName: 'TradeCard', walletEnabled });
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('renderProfilePage', () => {
  const html = render();

  it('is a complete document with no script, one <style> and a viewport', () => {
    expect(html.startsWith('<!doctype html><html lang="en-GB">')).toBe(true);
    expect(withoutJsonLd(html)).not.toMatch(/<script/i);
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="application/ld+json">']);
    expect(html).not.toMatch(/ on[a-z]+=/i);
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
  });

  it('fits one round trip: at most 14 KB gzipped for a full card', () => {
    const size = gzipSync(html).length;
    console.info(`live page: ${html.length} bytes, ${size} bytes gzip`);
    expect(size).toBeLessThanOrEqual(14 * 1024);
  });

  it('is titled by name and trade, and described by its subheading', () => {
    expect(html).toContain('<title>Thompson Bathrooms – Bathroom Fitter &amp; Tiler</title>');
    expect(meta(html, 'description')).toBe('Full bathroom renovations across Leeds and Bradford');
  });

  it('falls back to the full name, then the main heading, and to the bio for the description', () => {
    const named = render(fullCard({ business_card_name: '', job_title: '', sub_heading: '' }));
    expect(named).toContain('<title>Dave Thompson</title>');
    expect(meta(named, 'description')).toMatch(/^I have been fitting bathrooms .*…$/);
    expect(meta(named, 'description')?.length).toBeLessThanOrEqual(160);
    const headed = render({
      ...defaultCardContent(),
      main_heading: 'Leeds Electrics',
      phone_number: '0113 496 0000',
    });
    expect(headed).toContain('<title>Leeds Electrics</title>');
    expect(meta(headed, 'description')).toBe('Leeds Electrics on TradeCard');
  });

  it('carries Open Graph and Twitter card tags naming its own 1200 × 630 preview image, absolute', () => {
    expect(meta(html, 'og:type')).toBe('profile');
    expect(meta(html, 'og:title')).toBe('Thompson Bathrooms – Bathroom Fitter &amp; Tiler');
    expect(meta(html, 'og:url')).toBe(pageUrl);
    expect(meta(html, 'og:image')).toMatch(
      /^https:\/\/tradecard\.example\/u\/dave\/og\.jpg\?v=[0-9a-f]{16}$/,
    );
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    expect(meta(html, 'og:image:width')).toBe('1200');
    expect(meta(html, 'og:image:height')).toBe('630');
    expect(meta(html, 'og:image:alt')).toBe('Thompson Bathrooms – Bathroom Fitter &amp; Tiler');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
    expect(html).toContain(`<link rel="canonical" href="${pageUrl}"/>`);
  });

  it('names the image by what it shows: a new version when the picture changes, the same one when it does not', () => {
    const version = (content: ReturnType<typeof fullCard>) => meta(render(content), 'og:image');
    const card = fullCard();
    expect(version({ ...card, bio: 'Something else entirely' })).toBe(version(card));
    expect(version({ ...card, services: [] })).toBe(version(card));
    expect(version({ ...card, job_title: 'Plumber' })).not.toBe(version(card));
    expect(version({ ...card, avatar: imageRef(800, 800) })).not.toBe(version(card));
    expect(version({ ...card, cover_photo: null })).not.toBe(version(card));
    expect(version({ ...card, button_bg_color: '#1E2A38' })).not.toBe(version(card));
    expect(version({ ...card, style: 'Poppins' })).not.toBe(version(card));
  });

  it('has the preview image with no photo at all, and in the page’s folder whether or not its address ends in /', () => {
    const bare = render(fullCard({ cover_photo: null, avatar: null }));
    expect(meta(bare, 'og:image')).toMatch(/^https:\/\/tradecard\.example\/u\/dave\/og\.jpg\?v=/);
    const card = fullCard();
    const at = (url: string) =>
      meta(
        renderProfilePage({ content: card, username: 'dave', pageUrl: url, siteName: 'TradeCard' }),
        'og:image',
      );
    expect(at('https://tradecard.example/u/dave')).toBe(at(pageUrl));
    expect(at(pageUrl)).toMatch(/^https:\/\/tradecard\.example\/u\/dave\/og\.jpg\?v=/);
  });

  it('sets theme-color to the button colour and paints the body in the theme', () => {
    expect(meta(render(fullCard({ button_bg_color: '#1E2A38' })), 'theme-color')).toBe('#1E2A38');
    expect(render(fullCard({ page_theme: 'dark' }))).toContain('body{margin:0;background:#1F1F1F}');
  });

  it('self-hosts the card font, preloading only the regular weight', () => {
    const poppins = render(fullCard({ style: 'Poppins' }));
    expect(poppins).toContain(
      '<link rel="preload" as="font" type="font/woff2" href="/fonts/poppins-latin-400-normal.woff2" crossorigin="anonymous"/>',
    );
    expect(poppins.match(/rel="preload" as="font"/g)).toHaveLength(1);
    expect(poppins).toContain('src:url(/fonts/poppins-latin-700-normal.woff2)');
    expect(poppins).toContain('font-display:swap');
    expect(poppins).not.toContain('inter-latin');
  });

  it('reports clicks on its buttons to its own origin, for its own name', () => {
    expect(html).toContain('<a href="tel:+447700900123" ping="/api/ping/dave/call">');
    expect(html).toContain('<a class="tc-bt" href="tel:+447700900123" ping="/api/ping/dave/call">Call</a>');
    expect(html).toMatch(
      /<a href="https:\/\/wa\.me\/447700900123\?text=[^"]+" ping="\/api\/ping\/dave\/whatsapp">/,
    );
    // Call and WhatsApp at the top and in Contact, Email and five social links.
    expect(html.match(/ ping="\/api\/ping\/dave\/[a-z]+"/g)).toHaveLength(10);
  });

  it('links Save My Number to contact.vcf beside the page', () => {
    expect(html).toContain('<a class="tc-bt" href="/u/dave/contact.vcf" download="">Save My Number</a>');
  });

  it('offers Add to Apple Wallet, a plain link to card.pkpass beside the page, only when passes are signed', () => {
    const link = '<a class="tc-wl" href="/u/dave/card.pkpass">Add to Apple Wallet</a>';
    expect(html).toContain(link);
    // Before Save My Number, which stays last in <main> to stick to the bottom of the screen.
    expect(html.indexOf(link)).toBeLessThan(html.indexOf('Save My Number'));
    const content = fullCard();
    const without = render(content, false);
    expect(without).not.toContain('Apple Wallet');
    expect(without).not.toContain('card.pkpass');
    // Unsaid is without: only a caller that knows passes are signed offers one.
    expect(renderProfilePage({ content, username: 'dave', pageUrl, siteName: 'TradeCard' })).toBe(without);
  });
});

/** /u/demo as the seed publishes it (api/demo/seed.ts): the sample's fields read as the API reads them, its photos. */
function demoCard(): CardContent {
  const parsed = parseCardFields(sampleCardFields, isDiallable);
  if (!parsed.ok) throw new Error(parsed.error);
  return cardContentSchema.parse({
    ...parsed.fields,
    cover_photo: imageRef(1600, 900),
    avatar: imageRef(600, 600),
    works: [imageRef(1200, 1500), imageRef(1500, 1000), imageRef(1200, 1200)],
  });
}

describe('/u/demo, every section filled in', () => {
  const html = renderProfilePage({
    content: demoCard(),
    username: SAMPLE_USERNAME,
    pageUrl: 'https://tradecard.example/u/demo/',
    siteName: 'TradeCard',
  });

  it('shows every section, issue 17’s included', () => {
    for (const id of ['tc-about', 'tc-work', 'tc-services', 'tc-reviews', 'tc-contact', 'tc-hours'])
      expect(html).toContain(`id="${id}"`);
    expect(html).toContain('class="tc-bt tc-wa" href="https://wa.me/447700900123?text=');
    expect(html).toContain('<b>Emergency callout: 24/7</b>');
    expect(html).toContain('<p>Covers: Bristol, Bath,');
    expect(html.match(/Supplied by Sam Taylor; /g)).toHaveLength(3);
  });

  it('fits the same 14 KB gzipped', () => {
    const size = gzipSync(html).length;
    console.info(`/u/demo: ${html.length} bytes, ${size} bytes gzip`);
    expect(size).toBeLessThanOrEqual(14 * 1024);
  });
});

describe('saveContactHref and walletPassHref', () => {
  it('point at contact.vcf and card.pkpass in the page folder, with or without a trailing slash', () => {
    expect(saveContactHref('https://tradecard.example/u/dave/')).toBe('/u/dave/contact.vcf');
    expect(saveContactHref('https://tradecard.example/u/dave')).toBe('/u/dave/contact.vcf');
    expect(saveContactHref('https://example.com/cards/u/dave')).toBe('/cards/u/dave/contact.vcf');
    expect(walletPassHref('https://tradecard.example/u/dave')).toBe('/u/dave/card.pkpass');
  });
});
