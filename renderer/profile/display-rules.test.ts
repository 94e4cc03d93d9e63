import { describe, expect, it } from 'vitest';
import { fullCard } from '../../tests/support/renderer/card';
import { count, displayCard, renderCard, sectionOrder } from '../../tests/support/renderer/render';
import type { ImageSource } from './view-model';

/** SPEC §4/§5 display rules, checked through what ProfileCard actually draws. */

const image = (src: string): ImageSource => ({ src, width: 800, height: 600 });
const emptyContact = { contact_email: '', phone_number: '' };

describe('sections', () => {
  it('follow the saved order', () => {
    const card = displayCard({ section_order: ['main', 'contact', 'reviews', 'services', 'work', 'about'] });
    expect(sectionOrder(renderCard(card))).toEqual([
      'main',
      'contact',
      'reviews',
      'services',
      'work',
      'about',
    ]);
    expect(sectionOrder(renderCard(displayCard()))).toEqual([
      'main',
      'about',
      'work',
      'services',
      'reviews',
      'contact',
    ]);
  });

  it.each([
    ['show_about_me_section', 'about'],
    ['show_work_section', 'work'],
    ['show_services_section', 'services'],
    ['show_reviews_section', 'reviews'],
    ['show_contact_section', 'contact'],
  ] as const)('%s: false hides the %s section', (flag, section) => {
    expect(sectionOrder(renderCard(displayCard({ [flag]: false })))).not.toContain(section);
  });

  it('a hidden Main section takes the cover and heading with it, but the page keeps a heading', () => {
    const html = renderCard(displayCard({ show_main_section: false }));
    expect(html).not.toContain('Cover photo');
    expect(html).not.toContain('Bathrooms fitted right');
    expect(html).toMatch(/<h1 class="sr">Thompson Bathrooms<\/h1>/);
  });

  it('omits sections with nothing in them', () => {
    const card = displayCard({
      cover_photo: null,
      avatar: null,
      full_name: '',
      job_title: '',
      business_card_name: ' ',
      bio: ' ',
      works: [],
      services: [],
      reviews: [],
      sub_heading: '',
    });
    expect(sectionOrder(renderCard(card))).toEqual(['main', 'contact']);
  });

  it('shows About for a business name alone, with the name on it', () => {
    const card = displayCard({
      avatar: null,
      full_name: '',
      job_title: '',
      bio: '',
      business_card_name: 'Acme Ltd',
    });
    const html = renderCard(card);
    expect(sectionOrder(html)).toContain('about');
    expect(html).toContain('>Acme Ltd</p>');
  });

  it('needs an email or a phone number for Contact; social links alone are not enough', () => {
    const html = renderCard(displayCard(emptyContact));
    expect(sectionOrder(html)).not.toContain('contact');
    expect(html).not.toContain('facebook.com');
    expect(
      sectionOrder(renderCard(displayCard({ ...emptyContact, phone_number: '0113 496 0000' }))),
    ).toContain('contact');
    expect(sectionOrder(renderCard(displayCard({ ...emptyContact, contact_email: 'a@b.co' })))).toContain(
      'contact',
    );
  });
});

describe('work images', () => {
  it.each(['placeholder', 'SAMPLE', 'Demo', 'stock', 'DeFaUlT', 'template', 'Card-Mock'])(
    'drops an image whose address contains %s',
    (word) => {
      const card = displayCard({
        works: [image(`/media/${word}-1.webp`), image('blob:http://localhost/real')],
      });
      const html = renderCard(card);
      expect(html).not.toContain(word);
      expect(html).toContain('alt="Work photo 1 of 1"');
      expect(html).toContain('blob:http://localhost/real');
    },
  );

  it('drops the whole section when every image is a placeholder', () => {
    const card = displayCard({
      works: [image('https://cdn.example/stock/1.jpg'), image('/img/placeholder.png')],
    });
    expect(sectionOrder(renderCard(card))).not.toContain('work');
  });
});

describe('services', () => {
  it('shows a service with a name or a price, and drops blank ones', () => {
    const card = displayCard({
      services: [
        { name: ' ', price: '' },
        { name: 'Boiler service', price: '' },
        { name: '', price: '£80' },
      ],
    });
    const html = renderCard(card);
    expect(count(html, /class="tc-cd tc-row"/g)).toBe(2);
    expect(html).toContain('<span>Boiler service</span></li>');
    expect(html).toContain('<span class="tc-pr">£80</span>');
    expect(sectionOrder(renderCard(displayCard({ services: [{ name: '', price: ' ' }] })))).not.toContain(
      'services',
    );
  });
});

describe('reviews', () => {
  it('shows a review with a name, text or rating, and drops empty ones', () => {
    const card = displayCard({
      reviews: [
        { name: '', text: '', rating: 0 },
        { name: 'Ann', text: '', rating: 0 },
        { name: '', text: 'Great', rating: 0 },
        { name: '', text: '', rating: 3 },
      ],
    });
    const html = renderCard(card);
    expect(count(html, /<figure/g)).toBe(3);
    expect(html).toContain('aria-label="Rated 3 out of 5"');
    expect(html).toContain('>★★★☆☆<');
    expect(
      sectionOrder(renderCard(displayCard({ reviews: [{ name: '', text: ' ', rating: 0 }] }))),
    ).not.toContain('reviews');
  });
});

describe('contact', () => {
  it('links email as mailto: and phone as tel:', () => {
    const html = renderCard(displayCard());
    expect(html).toContain('href="mailto:dave@thompsonbathrooms.co.uk"');
    expect(html).toContain('href="tel:+447700900123"');
  });

  it('offers WhatsApp next to Call for a number that can take it, and not for a UK landline', () => {
    const links = (phone_number: string) =>
      [...renderCard(displayCard({ phone_number })).matchAll(/<a href="([^"]*)"[^>]*><b>(\w+)<\/b>/g)].map(
        (match) => `${match[2]} ${match[1]}`,
      );
    const greeting = `?text=${encodeURIComponent(fullCard().whatsapp_greeting)}`;
    expect(links('07700 900123')).toEqual([
      'Call tel:+447700900123',
      `WhatsApp https://wa.me/447700900123${greeting}`,
      'Email mailto:dave@thompsonbathrooms.co.uk',
    ]);
    expect(links('+33 6 12 34 56 78')).toContain(`WhatsApp https://wa.me/33612345678${greeting}`);
    expect(links('0113 496 0000')).toEqual([
      'Call tel:+441134960000',
      'Email mailto:dave@thompsonbathrooms.co.uk',
    ]);
  });

  it('shows only the social links that are filled in', () => {
    const html = renderCard(displayCard({ facebook_url: '  ', x_url: '', tiktok_url: 'tiktok.com/@dave' }));
    expect(html).not.toContain('>Facebook<');
    expect(html).not.toContain('>X<');
    expect(html).toContain('href="https://instagram.com/thompsonbathrooms"');
    expect(html).toContain('href="https://tiktok.com/@dave"');
  });
});

describe('click reports (a[ping], issue 16)', () => {
  /** Each link's text (its label) with the ping it carries, in page order. */
  const pings = (html: string) =>
    [...html.matchAll(/<a [^>]*?(?:ping="([^"]*)")?>(?:<b>)?([^<]+)</g)].map(
      (match) => `${match[2]} ${match[1] ?? 'none'}`,
    );

  it('reports Call, WhatsApp, Email and each social link to the page’s own address', () => {
    expect(pings(renderCard(displayCard({ phone_number: '07700 900123' })))).toEqual([
      // At the top of the page (issue 17); the quote form's requests are what is counted of it; the credentials'
      // check links are not ours to count.
      'Call /api/ping/dave/call',
      'WhatsApp /api/ping/dave/whatsapp',
      'Request a quote none',
      'check it with Gas Safe Register none',
      'check it with Checkatrade none',
      'check it with TrustMark none',
      'check it with Guild of Master Craftsmen none',
      // The Contact section.
      'Call /api/ping/dave/call',
      'WhatsApp /api/ping/dave/whatsapp',
      'Email /api/ping/dave/email',
      'Facebook /api/ping/dave/facebook',
      'Instagram /api/ping/dave/instagram',
      'LinkedIn /api/ping/dave/linkedin',
      'X /api/ping/dave/x',
      'TikTok /api/ping/dave/tiktok',
      // Counted by the server as it sends the vCard.
      'Save My Number none',
    ]);
  });

  it('reports to the page it is on', () => {
    const html = renderCard(displayCard(), { username: 'sam-taylor_2' });
    expect(html).toContain('ping="/api/ping/sam-taylor_2/call"');
    expect(html).not.toContain('/api/ping/dave/');
  });

  it('reports nothing from the editor’s preview, where the clicks are the owner’s own', () => {
    expect(renderCard(displayCard(), { variant: 'preview' })).not.toContain('ping=');
  });
});

describe('Save My Number', () => {
  const save = /<a class="tc-bt" href="contact.vcf" download="">Save My Number<\/a>/;

  it('appears with an email or a phone number, and not without', () => {
    expect(renderCard(displayCard())).toMatch(save);
    expect(renderCard(displayCard({ ...emptyContact, phone_number: '07700 900123' }))).toMatch(save);
    expect(renderCard(displayCard({ ...emptyContact, contact_email: 'a@b.co' }))).toMatch(save);
    expect(renderCard(displayCard(emptyContact))).not.toContain('Save My Number');
  });

  it('goes with a hidden Contact section: the number and email it would save are not on the page (issue 28)', () => {
    expect(renderCard(displayCard({ show_contact_section: false }))).not.toContain('Save My Number');
  });
});

describe('Request a quote (issue 17)', () => {
  const links = /<p class="tc-q"><a class="tc-bt" href="\/u\/dave\/quote">Request a quote<\/a><\/p>/g;

  it('leads to the quote form from the top of the page while the owner takes quote requests, and not after', () => {
    const html = renderCard(displayCard());
    expect(count(html, links)).toBe(1);
    expect(html.indexOf('Request a quote')).toBeGreaterThan(html.indexOf('<main>'));
    expect(html.indexOf('Request a quote')).toBeLessThan(html.indexOf('<section'));
    expect(renderCard(displayCard({ quotes_enabled: false }))).not.toContain('Request a quote');
  });

  it('comes straight after Call and WhatsApp, before the callout, the areas and the badges', () => {
    const html = renderCard(
      displayCard({
        emergency_callout: { on: true, hours: '24/7', note: '' },
        areas_covered: ['Leeds'],
        credentials: [{ scheme: 'trustmark', name: '', number: '1', url: '' }],
      }),
    );
    const quote = html.indexOf('Request a quote');
    expect(quote).toBeGreaterThan(html.indexOf('>WhatsApp</a>'));
    for (const later of ['Emergency callout', 'Covers: Leeds', 'TrustMark'])
      expect(quote).toBeLessThan(html.indexOf(later));
    // A card with nothing else for the top of the page still leads to the form.
    const bare = renderCard(
      displayCard({
        phone_number: '',
        emergency_callout: { on: false, hours: '', note: '' },
        areas_covered: [],
        credentials: [],
      }),
    );
    expect(count(bare, links)).toBe(1);
  });

  it('is there once, whether the banner is hidden or moved down the page, and in the editor’s preview', () => {
    for (const card of [
      displayCard({ show_main_section: false }),
      displayCard({ section_order: ['about', 'main', 'work', 'services', 'reviews', 'contact'] }),
    ])
      expect(count(renderCard(card), links)).toBe(1);
    expect(count(renderCard(displayCard(), { variant: 'preview' }), links)).toBe(1);
  });
});
