import { describe, expect, it } from 'vitest';
import { CHOOSE_A_SCHEME } from './credentials';
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

  describe('hours, callout, areas, credentials, greeting and the quote switch', () => {
    it('sorts open days into week order and refuses a day twice or one that closes before it opens', () => {
      const hours = fields({
        opening_hours: JSON.stringify([
          { day: 'saturday', opens: '09:00', closes: '13:00' },
          { day: 'monday', opens: '08:00', closes: '17:30' },
        ]),
      }).opening_hours;
      expect(hours.map((row) => row.day)).toEqual(['monday', 'saturday']);
      expect(error({ opening_hours: [{ day: 'monday', opens: '18:00', closes: '08:00' }] })).toBe(
        'Each day must close after it opens.',
      );
      expect(error({ opening_hours: [{ day: 'monday', opens: '8am', closes: '17:00' }] })).toBe(
        'Opening times must be like 08:00.',
      );
      const twice = [
        { day: 'monday', opens: '08:00', closes: '12:00' },
        { day: 'monday', opens: '13:00', closes: '17:00' },
      ];
      expect(error({ opening_hours: twice })).toBe('Each day can have one set of opening hours.');
      expect(error({ opening_hours: [{ day: 'someday', opens: '08:00', closes: '12:00' }] })).toMatch(
        /^Opening day must be monday, /,
      );
      // A row without its day is refused, not taken for Monday's hours.
      expect(error({ opening_hours: [{ opens: '08:00', closes: '12:00' }] })).toMatch(
        /^Opening day must be /,
      );
    });

    it('reads the emergency callout as off unless it is switched on', () => {
      expect(fields({}).emergency_callout).toEqual({ on: false, hours: '', note: '' });
      expect(
        fields({
          emergencyCallout: JSON.stringify({ on: 'true', hours: ' 24/7 ', note: 'Leaks and no heat' }),
        }).emergency_callout,
      ).toEqual({ on: true, hours: '24/7', note: 'Leaks and no heat' });
      expect(error({ emergency_callout: { on: true, note: 'x'.repeat(201) } })).toBe(
        'Callout note must be at most 200 characters.',
      );
    });

    it('takes towns and postcode districts, upper-cases districts, drops blanks and repeats', () => {
      const areas = fields({
        areas_covered: JSON.stringify([
          'Bristol',
          ' bs3 ',
          '',
          'bristol',
          'Weston-super-Mare',
          "King's Lynn",
        ]),
      }).areas_covered;
      expect(areas).toEqual(['Bristol', 'BS3', 'Weston-super-Mare', "King's Lynn"]);
      expect(error({ areas_covered: ['<script>'] })).toBe(
        'Each area must be a town or a postcode district like BS3.',
      );
      expect(error({ areas_covered: Array.from({ length: 31 }, (_, i) => `Town${'a'.repeat(i)}`) })).toBe(
        'You can list at most 30 areas.',
      );
    });

    it('checks each credential by its scheme', () => {
      const listed = fields({
        credentials: JSON.stringify([
          { scheme: 'gas_safe', number: '123 4567' },
          { scheme: 'checkatrade', url: 'https://www.checkatrade.com/trades/danapipe' },
          { scheme: 'other', name: 'WaterSafe', url: 'https://www.watersafe.org.uk/' },
          { scheme: '', name: '', number: '', url: '' },
        ]),
      }).credentials;
      expect(listed).toEqual([
        { scheme: 'gas_safe', name: '', number: '123 4567', url: '' },
        { scheme: 'checkatrade', name: '', number: '', url: 'https://www.checkatrade.com/trades/danapipe' },
        { scheme: 'other', name: 'WaterSafe', number: '', url: 'https://www.watersafe.org.uk/' },
      ]);
      // A row without its scheme is asked for it, not taken for "other" and asked for that scheme's name.
      expect(error({ credentials: [{ number: '12345' }] })).toBe(CHOOSE_A_SCHEME);
      expect(error({ credentials: [{ scheme: '', number: '12345' }] })).toBe(CHOOSE_A_SCHEME);
      expect(error({ credentials: [{ scheme: 'gas_safe', number: '' }] })).toBe(
        'Gas Safe Register needs your licence number: the 6 or 7 digits on your Gas Safe ID card.',
      );
      expect(error({ credentials: [{ scheme: 'other', name: 'Club', url: 'javascript:alert(1)' }] })).toBe(
        'Each other credential needs a link starting with https:// where customers can check it.',
      );
      expect(error({ credentials: [{ scheme: 'other', url: 'https://example.org/' }] })).toBe(
        'Each other credential needs the name of its scheme.',
      );
      // A badge links where its scheme's link points: never somewhere else wearing the scheme's name.
      expect(error({ credentials: [{ scheme: 'niceic', url: 'https://niceic.com.evil.example/' }] })).toBe(
        'A scheme link must be your own listing on that scheme’s website, starting with https://.',
      );
      expect(error({ credentials: [{ scheme: 'napit', number: '<b>' }] })).toBe(
        'Membership numbers can hold letters, digits, spaces, dots, slashes and hyphens.',
      );
      const many = Array.from({ length: 9 }, () => ({ scheme: 'trustmark', number: '1' }));
      expect(error({ credentials: many })).toBe('You can show at most 8 credentials.');
    });

    it('keeps the greeting and reads the quote switch as on unless it is turned off', () => {
      expect(fields({ whatsappGreeting: ' Hi Dana, ' }).whatsapp_greeting).toBe('Hi Dana,');
      expect(fields({}).quotes_enabled).toBe(true);
      expect(fields({ quotes_enabled: 'false' }).quotes_enabled).toBe(false);
      expect(error({ whatsapp_greeting: 'x'.repeat(301) })).toBe(
        'WhatsApp greeting must be at most 300 characters.',
      );
    });
  });
});
