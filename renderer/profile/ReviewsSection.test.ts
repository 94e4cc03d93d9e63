import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { clipText, type VerifiedReviews } from '../../events/review/verified';
import { fullCard, imageRef } from '../../tests/support/renderer/card';
import { renderProfilePage } from '../pages/profile-page';

const pageUrl = 'https://tradecard.example/u/dave/';
const render = (verified: VerifiedReviews | null, content = fullCard()) =>
  renderProfilePage({ content, username: 'dave', pageUrl, siteName: 'TradeCard', verified });

/** A customer's words as long and as varied as real ones: no two reviews compress into each other. */
const words = (seed: number) =>
  Array.from({ length: 60 }, (_, i) => `word${(seed * 7919 + i * 104729) % 9973}`).join(' ');

const review = (n: number) => ({
  rating: (n % 5) + 1,
  text: clipText(`Job ${n}: ${words(n)}`),
  displayName: `Customer ${n} K.`,
  month: 'November 2026',
  job: `Bathroom number ${n}`,
  photos: [imageRef()],
  reply: n % 2 ? `Thanks, customer ${n}!` : null,
});

describe('verified reviews on the page (issue 30)', () => {
  it('come first, say who and when, and head the section with their average', () => {
    const html = render({ shown: [review(4), review(1)], count: 12, average: 4.8, removedBySupport: 0 });
    expect(html).toContain(
      '4.8 <span aria-hidden="true">★</span><span class="sr"> out of 5</span> from 12 verified customers',
    );
    const verified = html.indexOf('Customer 4 K. · Verified customer · November 2026 · Bathroom number 4');
    const typed = html.indexOf('added by Dave Thompson');
    expect(verified).toBeGreaterThan(0);
    expect(typed).toBeGreaterThan(verified);
    expect(html).toContain('<strong>Reply from Dave Thompson:</strong> Thanks, customer 1!');
    expect(html).toContain('alt="Photo of the finished job, from Customer 4 K."');
    expect(html).not.toContain('removed by support');
  });

  it('says how many support removed, and is shown even when the owner typed no review', () => {
    const html = render(
      { shown: [review(3)], count: 1, average: 4, removedBySupport: 2 },
      fullCard({ reviews: [] }),
    );
    expect(html).toContain('from 1 verified customer</p>');
    expect(html).toContain('2 reviews were removed by support for breaking our rules.');
    expect(render(null, fullCard({ reviews: [] }))).not.toContain('id="tc-reviews"');
    // Hidden by the owner, the section goes whole.
    expect(
      render(
        { shown: [review(3)], count: 1, average: 4, removedBySupport: 0 },
        fullCard({ show_reviews_section: false }),
      ),
    ).not.toContain('id="tc-reviews"');
  });

  it('keeps a page with 20 verified reviews within one round trip (14 KB gzipped)', () => {
    const shown = Array.from({ length: 20 }, (_, n) => review(n + 10));
    const html = render({ shown, count: 20, average: 3, removedBySupport: 0 });
    const size = gzipSync(html).length;
    console.info(`live page with 20 verified reviews: ${html.length} bytes, ${size} bytes gzip`);
    expect(size).toBeLessThanOrEqual(14 * 1024);
  });
});
