import { describe, expect, it } from 'vitest';
import { defaultCardFields, parseCardFields } from './input';
import { isDiallable } from './phone';

const error = (raw: Record<string, unknown>) => {
  const result = parseCardFields(raw, isDiallable);
  return result.ok ? null : result.error;
};
const fields = (raw: Record<string, unknown>) => {
  const result = parseCardFields(raw, isDiallable);
  if (!result.ok) throw new Error(result.error);
  return result.fields;
};

describe('parseCardFields', () => {
  it('gives the spec’s defaults for an empty submission', () => {
    expect(fields({})).toEqual(defaultCardFields());
  });

  it('accepts snake_case and camelCase, the font as style, twitter as x, booleans and lists as text', () => {
    const parsed = fields({
      pageTheme: 'dark',
      font: 'Poppins',
      buttonBgColor: '#0a8',
      button_text_color: 'black',
      textAlignment: 'center',
      showReviewsSection: 'false',
      show_work_section: true,
      twitterUrl: 'https://x.com/dana',
      sectionOrder: JSON.stringify(['contact', 'bogus', 'main', 'work', 'contact']),
      services: JSON.stringify([
        { name: 'Boiler service', price: '£80' },
        { name: '', price: '' },
      ]),
      reviews: [
        { name: 'Jo', text: 'Great', rating: 9 },
        { name: 'Al', text: '', rating: '0' },
        { name: '', text: '', rating: 3 },
      ],
      workDisplayMode: 'carousel',
    });
    expect(parsed).toMatchObject({
      page_theme: 'dark',
      style: 'Poppins',
      button_bg_color: '#00AA88',
      button_text_color: 'black',
      text_alignment: 'center',
      show_reviews_section: false,
      show_work_section: true,
      x_url: 'https://x.com/dana',
      section_order: ['main', 'contact', 'work', 'about', 'services', 'reviews'],
      services: [{ name: 'Boiler service', price: '£80' }],
      reviews: [
        { name: 'Jo', text: 'Great', rating: 5 },
        { name: 'Al', text: '', rating: 1 },
      ],
      work_display_mode: 'carousel',
    });
  });

  it.each([
    [
      'javascript:alert(1)',
      'facebook_url',
      'Facebook link must be a web address starting with https:// or http://.',
    ],
    [
      'data:text/html,<script>',
      'instagram_url',
      'Instagram link must be a web address starting with https:// or http://.',
    ],
    [
      'ftp://files.example.com',
      'linkedin_url',
      'LinkedIn link must be a web address starting with https:// or http://.',
    ],
    [
      'JAVASCRIPT:alert(1)',
      'tiktokUrl',
      'TikTok link must be a web address starting with https:// or http://.',
    ],
    ['not a url', 'x_url', 'X link must be a web address starting with https:// or http://.'],
  ])('refuses %s in %s', (value, field, message) => {
    expect(error({ [field]: value })).toBe(message);
  });

  it('names the field and its limit when text is too long', () => {
    expect(error({ bio: 'x'.repeat(1501) })).toBe('Bio must be at most 1500 characters.');
    expect(error({ mainHeading: 'x'.repeat(101) })).toBe('Main heading must be at most 100 characters.');
    expect(error({ services: [{ name: 'x'.repeat(81), price: '' }] })).toBe(
      'Service name must be at most 80 characters.',
    );
  });

  it('checks the phone characters, the email, the colour and the choices', () => {
    expect(fields({ phone_number: '+44 (0)7700-900123' }).phone_number).toBe('+44 (0)7700-900123');
    expect(fields({ phone_number: '07700 900123 ext. 4' }).phone_number).toBe('07700 900123 ext. 4');
    expect(error({ phone_number: '+44 077009001235' })).toBe(
      'Phone number must be a number we can dial, like 07700 900123 or +44 7700 900123 ext. 5.',
    );
    expect(error({ contact_email: 'nope' })).toBe('Contact email must be a valid email address.');
    expect(error({ button_bg_color: 'red' })).toBe('Button colour must be a hex colour like #F47629.');
    expect(error({ style: 'Comic Sans' })).toBe('Font must be Inter, Montserrat or Poppins.');
    expect(error({ text_alignment: 'justify' })).toBe('Text alignment must be left, center or right.');
    expect(error({ button_text_color: 'red' })).toBe('Button text colour must be white or black.');
    expect(error({ services: '{not json' })).toBe('Services must be a list.');
    expect(error({ show_main_section: 'maybe' })).toBe('Show main section must be true or false.');
  });

  it('caps the number of services and reviews', () => {
    const many = Array.from({ length: 31 }, (_, i) => ({ name: `S${i}`, price: '£1' }));
    expect(error({ services: many })).toBe('You can list at most 30 services.');
  });
});
