import { describe, expect, it } from 'vitest';
import { type CardContent, defaultCardContent, type ImageRef, largestMediaUrl } from './content';
import { savesContact, shownCard, shownContent, showsAnything } from './shown';

const photo = (id: string): ImageRef => ({ id: id.repeat(24), width: 800, height: 600, widths: [800] });

const full = (overrides: Partial<CardContent> = {}): CardContent => ({
  ...defaultCardContent(),
  cover_photo: photo('a'),
  main_heading: 'Boilers fixed today',
  sub_heading: 'Across Leeds',
  avatar: photo('b'),
  full_name: 'Dana Pipe',
  job_title: 'Plumber',
  bio: 'Twenty years.',
  business_card_name: 'Pipe & Sons',
  works: [photo('c')],
  services: [{ name: 'Boiler service', price: '£80' }],
  reviews: [{ name: 'Sam', text: 'Came at midnight.', rating: 5 }],
  contact_email: 'dana@example.com',
  phone_number: '07700 900123',
  facebook_url: 'https://facebook.com/pipe',
  whatsapp_greeting: 'Hello Dana',
  opening_hours: [{ day: 'monday', opens: '08:00', closes: '18:00' }],
  emergency_callout: { on: true, hours: '24/7', note: '' },
  areas_covered: ['Leeds'],
  credentials: [{ scheme: 'trustmark', name: '', number: '1', url: '' }],
  ...overrides,
});

describe('shownCard: what the public may see of a card', () => {
  it('shows everything of a card whose sections all show, in saved order', () => {
    const card = full({ section_order: ['main', 'contact', 'about', 'work', 'services', 'reviews'] });
    const shown = shownCard(card, largestMediaUrl);
    expect(shown.sections).toEqual(['main', 'contact', 'about', 'work', 'services', 'reviews']);
    expect(shown.card).toEqual(card);
  });

  it('takes every field of a hidden Contact section with it: number, email, links, hours and greeting', () => {
    const shown = shownContent(full({ show_contact_section: false }));
    expect(shown).toMatchObject({
      contact_email: '',
      phone_number: '',
      facebook_url: '',
      whatsapp_greeting: '',
      opening_hours: [],
      full_name: 'Dana Pipe',
    });
    expect(savesContact(full({ show_contact_section: false }))).toBe(false);
    expect(savesContact(full())).toBe(true);
  });

  it('takes links and hours with a Contact section that shows nothing for want of a number or email', () => {
    const shown = shownCard(full({ contact_email: '', phone_number: ' ' }), largestMediaUrl);
    expect(shown.sections).not.toContain('contact');
    expect(shown.card).toMatchObject({ facebook_url: '', opening_hours: [] });
  });

  it('takes the photos and names of hidden Main and About sections with them', () => {
    const shown = shownContent(full({ show_main_section: false, show_about_me_section: false }));
    expect(shown).toMatchObject({
      cover_photo: null,
      main_heading: '',
      sub_heading: '',
      avatar: null,
      full_name: '',
      job_title: '',
      bio: '',
      business_card_name: '',
    });
  });

  it('drops the rows the page drops, and empties hidden lists', () => {
    const shown = shownContent(
      full({
        services: [
          { name: ' ', price: '' },
          { name: 'Tiling', price: '' },
        ],
        show_reviews_section: false,
        show_work_section: false,
      }),
    );
    expect(shown.services).toEqual([{ name: 'Tiling', price: '' }]);
    expect(shown.reviews).toEqual([]);
    expect(shown.works).toEqual([]);
  });

  it('keeps what no section holds: the look, callout, areas, credentials and the quote switch', () => {
    const card = full({ show_contact_section: false, page_theme: 'dark', quotes_enabled: false });
    const shown = shownContent(card);
    for (const key of [
      'page_theme',
      'emergency_callout',
      'areas_covered',
      'credentials',
      'quotes_enabled',
    ] as const)
      expect(shown[key]).toEqual(card[key]);
  });

  it('shows nothing of a card whose only content is outside the sections: the not-set-up page', () => {
    const outside = {
      ...defaultCardContent(),
      emergency_callout: { on: true, hours: '24/7', note: '' },
      areas_covered: ['Leeds'],
    };
    expect(showsAnything(outside)).toBe(false);
    expect(showsAnything(full())).toBe(true);
  });

  it('decides the same of what it decided (every output may apply it again)', () => {
    const card = full({ show_about_me_section: false, contact_email: '' });
    expect(shownContent(shownContent(card))).toEqual(shownContent(card));
  });
});
