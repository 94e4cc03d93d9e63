import { describe, expect, it } from 'vitest';
import { defaultDisplayName, MAX_REVIEW_TEXT, parseReviewForm } from './input';

describe('the review form’s rules', () => {
  it('shows a first name and an initial unless the customer chooses otherwise', () => {
    expect(defaultDisplayName('Pat  Customer')).toBe('Pat C.');
    expect(defaultDisplayName('Mary Ann de la cruz')).toBe('Mary C.');
    expect(defaultDisplayName('Cher')).toBe('Cher');
    expect(defaultDisplayName('  ')).toBe('');
  });

  it('takes stars 1 to 5, a few words, a name and consent', () => {
    expect(
      parseReviewForm(
        { rating: '5', text: ' Great\r\nwork ', displayName: ' Pat  C. ', consent: 'yes' },
        'Dana',
      ),
    ).toEqual({
      ok: true,
      values: { rating: '5', text: 'Great\nwork', displayName: 'Pat C.', consent: true },
      fields: { rating: 5, text: 'Great\nwork', displayName: 'Pat C.' },
    });
  });

  it('names each problem for the customer', () => {
    const refused = parseReviewForm(
      { rating: '6', text: 'x'.repeat(MAX_REVIEW_TEXT + 1), displayName: '' },
      'Dana',
    );
    expect(refused).toMatchObject({
      ok: false,
      errors: {
        rating: 'Please choose a star rating from 1 to 5.',
        text: 'Your review can be at most 1,500 characters.',
        displayName: 'Please give the name to show with your review.',
        consent: 'Please tick the box to let Dana show your review on their page.',
      },
    });
    expect(
      parseReviewForm({ rating: ['5'], text: {}, displayName: 'P', consent: 'yes' }, 'Dana'),
    ).toMatchObject({
      ok: false,
      errors: { rating: expect.any(String), text: expect.any(String) },
    });
  });
});
