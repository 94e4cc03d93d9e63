import { describe, expect, it } from 'vitest';
import { defaultWhatsappGreeting } from '../../events/card/display';
import { fullCard } from '../../tests/support/renderer/card';
import { displayCard, renderCard } from '../../tests/support/renderer/render';
import type { DisplayCard } from './view-model';

/** What the page draws first under its heading: Call and WhatsApp, callout, areas and credentials. */
const header = (card: DisplayCard, props: Parameters<typeof renderCard>[1] = {}) =>
  /<div class="tc-top">(.*?)<\/div>/.exec(renderCard(card, props))?.[1] ?? '';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('Call and WhatsApp first (issue 17)', () => {
  it('puts Call and WhatsApp under the heading, with the greeting, each reporting its click', () => {
    const html = header(
      displayCard({ phone_number: '07700 900123', whatsapp_greeting: 'Hi Dave, a quote?' }),
    );
    expect(html).toContain(
      '<p class="tc-qa"><a class="tc-bt" href="tel:+447700900123" ping="/api/ping/dave/call">Call</a>' +
        '<a class="tc-bt tc-wa" href="https://wa.me/447700900123?text=Hi%20Dave%2C%20a%20quote%3F" ' +
        'ping="/api/ping/dave/whatsapp">WhatsApp</a></p>',
    );
  });

  it('opens the chat with the default greeting when the owner wrote none', () => {
    const html = header(displayCard({ phone_number: '07700 900123', whatsapp_greeting: ' ' }));
    expect(html).toContain(`?text=${encodeURIComponent(defaultWhatsappGreeting('Dave Thompson'))}"`);
  });

  it('offers Call alone for a UK landline, and neither without a number that can be dialled', () => {
    const landline = header(displayCard({ phone_number: '0113 496 0000' }));
    expect(landline).toContain('href="tel:+441134960000"');
    expect(landline).not.toContain('wa.me');
    for (const phone_number of ['', 'call me']) {
      const html = header(displayCard({ phone_number }));
      expect(html).not.toContain('tc-qa');
      expect(html).not.toContain('tel:');
    }
  });

  it('stays at the top when the Main section is hidden, and goes with a hidden Contact section (issue 28)', () => {
    const card = (hidden: object) => displayCard({ ...hidden, phone_number: '07700 900123' });
    expect(header(card({ show_main_section: false }))).toContain('href="tel:+447700900123"');
    const withoutContact = header(card({ show_contact_section: false }));
    expect(withoutContact).not.toContain('tel:');
    expect(withoutContact).not.toContain('wa.me');
    expect(withoutContact).not.toContain('>Call<');
  });

  it('reports nothing from the editor’s preview', () => {
    const html = header(displayCard({ phone_number: '07700 900123' }), { variant: 'preview' });
    expect(html).toContain('href="tel:+447700900123"');
    expect(html).not.toContain('ping=');
  });
});

describe('emergency callout', () => {
  it('shows its hours and note when it is on', () => {
    const html = header(
      displayCard({
        emergency_callout: { on: true, hours: ' 24/7 ', note: ' Burst pipes: call any time. ' },
      }),
    );
    expect(html).toContain(
      '<p class="tc-em"><b>Emergency callout: 24/7</b><span>Burst pipes: call any time.</span></p>',
    );
  });

  it('says so even with no hours or note given', () => {
    expect(header(displayCard({ emergency_callout: { on: true, hours: '', note: '' } }))).toContain(
      '<p class="tc-em"><b>Emergency callout</b></p>',
    );
  });

  it('is not shown when it is off, whatever its hours and note say', () => {
    const html = header(displayCard({ emergency_callout: { on: false, hours: '24/7', note: 'Any time' } }));
    expect(html).not.toContain('tc-em');
    expect(html).not.toContain('24/7');
  });
});

describe('areas covered', () => {
  it('lists them on one line, skipping blank ones the preview may hold', () => {
    const html = header(displayCard({ areas_covered: ['Leeds', ' ', 'LS6 ', 'Otley'] }));
    expect(html).toContain('<p>Covers: Leeds, LS6, Otley</p>');
  });

  it('leaves the line out when none are given', () => {
    expect(header(displayCard({ areas_covered: [] }))).not.toContain('Covers');
  });
});

describe('trade credentials', () => {
  const badges = (card: DisplayCard) =>
    [...header(card).matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1] ?? '');

  it('shows each as a badge saying who supplied it and linking to where to check it', () => {
    const [gasSafe, checkatrade, trustmark, other] = badges(displayCard());
    expect(gasSafe).toBe(
      '<b>Gas Safe Register</b> licence number 7654321<small>Supplied by Dave Thompson; ' +
        '<a href="https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/" rel="nofollow">' +
        'check it with Gas Safe Register</a></small>',
    );
    // The owner's own listing, where they gave one: the deep link every scheme supports.
    expect(checkatrade).toContain(
      '<a href="https://www.checkatrade.com/trades/thompsonbathrooms" rel="nofollow">',
    );
    expect(text(checkatrade ?? '')).toBe('CheckatradeSupplied by Dave Thompson; check it with Checkatrade');
    expect(trustmark).toContain('href="https://www.trustmark.org.uk/find-a-tradesperson"');
    expect(text(other ?? '')).toBe(
      'Guild of Master Craftsmen number GMC 4412Supplied by Dave Thompson; check it with Guild of Master Craftsmen',
    );
    expect(other).toContain('href="https://www.guildmc.com/members/thompson"');
  });

  it('names the business as the supplier when the card gives no person’s name', () => {
    expect(badges(displayCard({ full_name: ' ' }))[0]).toContain('Supplied by Thompson Bathrooms;');
  });

  it('links nowhere rather than to an address that is not a web page', () => {
    const [badge] = badges(
      displayCard({
        credentials: [{ scheme: 'other', name: 'Guild', number: '', url: 'javascript:alert(1)' }],
      }),
    );
    expect(badge).toBe('<b>Guild</b><small>Supplied by Dave Thompson.</small>');
  });

  it('skips a credential with no name yet (an "other" row being typed in the editor), and the list when empty', () => {
    expect(
      badges(
        displayCard({ credentials: [{ scheme: 'other', name: ' ', number: '1', url: 'https://a.example' }] }),
      ),
    ).toEqual([]);
    expect(header(displayCard({ credentials: [] }))).not.toContain('tc-cr');
  });
});

describe('the block as a whole', () => {
  it('is left out when the card has none of it, and drawn for any one of it', () => {
    const none = {
      phone_number: '',
      emergency_callout: { on: false, hours: '', note: '' },
      areas_covered: [],
      credentials: [],
      quotes_enabled: false,
    };
    expect(renderCard(displayCard(none))).not.toContain('tc-top');
    for (const one of [
      { phone_number: '0113 496 0000' },
      { quotes_enabled: true },
      { emergency_callout: { on: true, hours: '', note: '' } },
      { areas_covered: ['Leeds'] },
      { credentials: fullCard().credentials.slice(0, 1) },
    ])
      expect(renderCard(displayCard({ ...none, ...one }))).toContain('<div class="tc-top">');
  });
});
