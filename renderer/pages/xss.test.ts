import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CardContent } from '../../events/card/content';
import { CLICK_ACTIONS } from '../../events/visit/kinds';
import { fullCard } from '../../tests/support/renderer/card';
import { jsonLdOf, withoutJsonLd } from '../../tests/support/renderer/json-ld';
import { ProfileCard } from '../profile/ProfileCard';
import { telHref } from '../profile/tel-href';
import { toDisplayCard } from '../profile/view-model';
import { renderNotFoundPage } from './not-found-page';
import { renderNotLivePage } from './not-live-page';
import { renderNotSetUpPage } from './not-set-up-page';
import { renderProfilePage } from './profile-page';
import {
  renderQuoteFormPage,
  renderQuoteRefusedPage,
  renderQuoteSentPage,
  renderQuotesOffPage,
} from './quote-pages';
import {
  renderReviewFormPage,
  renderReviewRefusedPage,
  renderReviewRemovedPage,
  renderReviewRemovePage,
  renderReviewSentPage,
} from './review-pages';

const PAYLOADS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)'];
const ALL = PAYLOADS.join(' ');

const TEXT_FIELDS = [
  'main_heading',
  'sub_heading',
  'full_name',
  'job_title',
  'bio',
  'business_card_name',
] as const;
const URL_FIELDS = [
  'contact_email',
  'phone_number',
  'facebook_url',
  'instagram_url',
  'linkedin_url',
  'x_url',
  'tiktok_url',
] as const;

function hostile(value: string): CardContent {
  const content: CardContent = {
    ...fullCard(),
    services: [{ name: value, price: value }],
    reviews: [{ name: value, text: value, rating: 5 }],
    // Issue 17's fields. The times and the schemes' own links are checked on the way in; the page draws them
    // safely all the same.
    whatsapp_greeting: value,
    opening_hours: [{ day: 'monday', opens: value, closes: value }],
    emergency_callout: { on: true, hours: value, note: value },
    areas_covered: [value, value],
    credentials: [
      { scheme: 'other', name: value, number: value, url: value },
      { scheme: 'checkatrade', name: value, number: value, url: value },
      { scheme: 'gas_safe', name: value, number: value, url: '' },
    ],
  };
  for (const field of [...TEXT_FIELDS, ...URL_FIELDS]) content[field] = value;
  return content;
}

const page = (content: CardContent, username = 'dave') =>
  renderProfilePage({
    content,
    username,
    pageUrl: 'https://tradecard.example/u/dave/',
    siteName: 'TradeCard',
  });

/** Every tag with its attributes; React always double-quotes values and escapes quotes inside them. */
function tags(html: string) {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>"/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((tag) => ({
    name: (tag[1] ?? '').toLowerCase(),
    attributes: [...(tag[2] ?? '').matchAll(/\s+([^\s=>"/]+)(?:="([^"]*)")?/g)].map((a) => ({
      name: (a[1] ?? '').toLowerCase(),
      value: a[2] ?? '',
    })),
  }));
}

/**
 * No element, attribute or URL an attacker chose. The payloads may survive only as escaped text (so the words
 * `onerror=` or `javascript:` can appear inside a heading, where they are inert).
 */
function expectInert(html: string) {
  // A profile page's JSON-LD block is its one script element: JSON text with every < escaped.
  expect(withoutJsonLd(html)).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<img src=x/i);
  const parsed = tags(html);
  // Guards the parser itself: a regex that matched nothing would pass every check below.
  expect(
    parsed.filter((tag) => tag.name === 'a' && tag.attributes.some((a) => a.name === 'href')).length,
  ).toBeGreaterThan(0);
  expect(
    parsed.filter((tag) => tag.name === 'img').every((tag) => tag.attributes.some((a) => a.name === 'alt')),
  ).toBe(true);
  for (const { attributes } of parsed) {
    for (const { name, value } of attributes) {
      expect(name).not.toMatch(/^on/);
      if (/^(href|src|srcset|imagesrcset|action|formaction|ping)$/.test(name)) {
        expect(value.replace(/\s/g, '')).not.toMatch(/javascript:/i);
      }
      // A ping is one path of our own, built from the page's name and a fixed action: nothing typed reaches it.
      if (name === 'ping') expect(value).toMatch(PING);
    }
  }
}

const PING = new RegExp(`^/api/ping/[A-Za-z0-9_.!~*'()%-]+/(${CLICK_ACTIONS.join('|')})$`);

describe('hostile card content', () => {
  it.each(PAYLOADS)('%s in every text and URL field stays inert', (payload) => {
    expectInert(page(hostile(payload)));
  });

  it('all payloads at once stay inert, in the page and in its <head>', () => {
    const html = page(hostile(ALL));
    expectInert(html);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('payloads in the structured data stay JSON text and read back exactly as typed', () => {
    const content = {
      ...hostile(`${ALL} </script><!-- \u2028`),
      areas_covered: ['</script><script>alert(1)</script>'],
    };
    const html = page(content);
    expect(html.match(/<script/gi)).toHaveLength(1);
    const data = jsonLdOf(html);
    expect(data.name).toBe(content.business_card_name.trim());
    expect(data.areaServed).toEqual([{ '@type': 'Place', name: content.areas_covered[0] }]);
  });

  it('pings only the links it draws: a dropped or hostile link carries no ping, a hostile number no WhatsApp', () => {
    const html = page(hostile(ALL));
    const pinged = tags(html).filter((tag) => tag.attributes.some((a) => a.name === 'ping'));
    // Nothing typed is a link here (not an email, a number or a web address), so nothing reports a click.
    expect(pinged).toEqual([]);
    expect(html).not.toContain('wa.me');
  });

  it('a script URL in a social link is dropped, not just escaped', () => {
    const content = fullCard();
    for (const field of ['facebook_url', 'instagram_url', 'linkedin_url', 'x_url', 'tiktok_url'] as const) {
      content[field] = 'javascript:alert(1)';
    }
    const html = page(content);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('Facebook');
  });

  it('script URLs given as images by the editor are not drawn', () => {
    const card = {
      ...toDisplayCard(fullCard()),
      works: [{ src: 'javascript:alert(1)', width: 1, height: 1 }],
    };
    card.cover_photo = { src: '/ok.webp', srcset: 'javascript:alert(1) 640w', width: 1, height: 1 };
    const html = renderToStaticMarkup(
      createElement(ProfileCard, {
        card,
        username: 'dave',
        saveContactHref: 'javascript:alert(1)',
        variant: 'preview',
        telHref,
      }),
    );
    expect(html).not.toContain('javascript:');
    expect(html).toContain('src="/ok.webp"');
  });

  it('a hostile username is escaped everywhere, and kept inside its own segment of each ping', () => {
    const html = page(fullCard(), ALL);
    expectInert(html);
    const pings = tags(html).flatMap((tag) => tag.attributes.filter((a) => a.name === 'ping'));
    expect(pings.map((ping) => ping.value)).toContain(`/api/ping/${encodeURIComponent(ALL)}/call`);
    for (const { value } of pings) expect(value.split('/')).toHaveLength(5);
    for (const render of [renderNotLivePage, renderNotSetUpPage, renderNotFoundPage]) {
      expectInert(render({ username: ALL, siteName: ALL }));
    }
  });

  it('a hostile WhatsApp greeting stays inside the text of a wa.me link', () => {
    const html = page({ ...hostile(ALL), phone_number: '07700 900123' });
    expectInert(html);
    const links = tags(html).flatMap((tag) =>
      tag.attributes.filter((a) => a.name === 'href' && a.value.startsWith('https://wa.me/')),
    );
    expect(links).toHaveLength(2);
    for (const { value } of links) {
      expect(value).toBe(`https://wa.me/447700900123?text=${encodeURIComponent(ALL)}`);
    }
  });

  it('a credential links only to a web page: a script URL is dropped, the scheme’s own page kept', () => {
    const html = page(hostile('javascript:alert(1)'));
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain(
      'href="https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/"',
    );
  });

  it('the quote form, shown back with hostile typing, and the pages around it stay inert', () => {
    const input = { content: hostile(ALL), username: ALL, siteName: ALL };
    const typed = { name: ALL, phone: ALL, email: ALL, postcode: ALL, job: ALL };
    const form = renderQuoteFormPage({
      ...input,
      stamp: ALL,
      values: typed,
      errors: typed,
      problem: ALL,
      notice: ALL,
      hadPhotos: true,
    });
    expectInert(form);
    expect(form).toContain(`action="/u/${encodeURIComponent(ALL)}/quote"`);
    for (const html of [
      renderQuoteSentPage(input),
      renderQuotesOffPage(input),
      renderQuoteRefusedPage({ ...input, message: ALL }),
    ])
      expectInert(html);
  });

  it('verified reviews, the review form shown back with hostile typing, and the pages around it stay inert', () => {
    const verified = {
      shown: [
        {
          rating: 5,
          text: ALL,
          displayName: ALL,
          month: 'November 2026',
          job: ALL,
          photos: [{ id: 'a'.repeat(24), width: 800, height: 600, widths: [320, 800] }],
          reply: ALL,
        },
      ],
      count: 1,
      average: 5,
      removedBySupport: 1,
    };
    const html = renderProfilePage({
      content: hostile(ALL),
      username: 'dave',
      pageUrl: 'https://tradecard.example/u/dave/',
      siteName: 'TradeCard',
      verified,
    });
    expectInert(html);
    expect(html).toContain('Verified customer');
    const input = { content: hostile(ALL), username: ALL, siteName: ALL };
    const typed = { rating: ALL, text: ALL, displayName: ALL };
    const form = renderReviewFormPage({
      ...input,
      token: ALL,
      stamp: ALL,
      job: ALL,
      values: { ...typed, consent: true },
      errors: { ...typed, consent: ALL },
      problem: ALL,
      notice: ALL,
      hadPhotos: true,
    });
    expectInert(form);
    expect(form).toContain(`action="/u/${encodeURIComponent(ALL)}/review/${encodeURIComponent(ALL)}"`);
    for (const page of [
      renderReviewSentPage({ ...input, removeHref: '/u/dave/review/x/remove' }),
      renderReviewRefusedPage({ ...input, title: ALL, message: ALL }),
      renderReviewRemovePage({ ...input, action: '/u/dave/review/x/remove', stamp: ALL }),
      renderReviewRemovedPage(input),
    ])
      expectInert(page);
  });
});
