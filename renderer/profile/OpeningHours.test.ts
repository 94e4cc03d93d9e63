import { describe, expect, it } from 'vitest';
import { displayCard, renderCard } from '../../tests/support/renderer/render';

const rows = (html: string) =>
  [...html.matchAll(/<tr><th scope="row">(\w+)<\/th><td>(.*?)<\/td><\/tr>/g)].map(
    (match) => `${match[1]} ${match[2]}`,
  );

describe('opening hours', () => {
  it('shows the week from Monday in the Contact section, the days not open as Closed', () => {
    const html = renderCard(
      displayCard({
        opening_hours: [
          { day: 'saturday', opens: '09:00', closes: '13:00' },
          { day: 'monday', opens: '08:00', closes: '18:00' },
          { day: 'wednesday', opens: '07:30', closes: '24:00' },
        ],
      }),
    );
    const contact = html.slice(html.indexOf('id="tc-contact"'));
    expect(contact).toContain('<h3 id="tc-hours" class="tc-hh">Opening hours</h3>');
    expect(contact).toContain('<table class="tc-hr" aria-labelledby="tc-hours">');
    expect(rows(html)).toEqual([
      'Monday <time>08:00</time>–<time>18:00</time>',
      'Tuesday Closed',
      'Wednesday <time>07:30</time>–<time dateTime="00:00">midnight</time>',
      'Thursday Closed',
      'Friday Closed',
      'Saturday <time>09:00</time>–<time>13:00</time>',
      'Sunday Closed',
    ]);
  });

  it('states nothing when the owner gave no hours', () => {
    const html = renderCard(displayCard({ opening_hours: [] }));
    expect(html).not.toContain('Opening hours');
    expect(html).not.toContain('<table');
  });

  it('shows a time the preview holds half-typed as it is, outside a <time>', () => {
    expect(
      rows(renderCard(displayCard({ opening_hours: [{ day: 'monday', opens: '', closes: '17:00' }] })))[0],
    ).toBe('Monday –<time>17:00</time>');
  });

  it('goes with the Contact section when it is hidden', () => {
    expect(renderCard(displayCard({ show_contact_section: false }))).not.toContain('Opening hours');
  });

  it('sits a level under Contact in the editor’s preview too', () => {
    expect(renderCard(displayCard(), { variant: 'preview' })).toContain('<h4 id="tc-hours" class="tc-hh">');
  });
});
