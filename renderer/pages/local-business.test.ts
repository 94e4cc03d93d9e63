import { describe, expect, it } from 'vitest';
import { fullCard } from '../../tests/support/renderer/card';
import { jsonLdOf } from '../../tests/support/renderer/json-ld';
import { schemaOrgProblems } from '../../tests/support/renderer/schema-org';
import { businessType, jsonLdText, localBusiness } from './local-business';
import { renderProfilePage } from './profile-page';

const pageUrl = 'https://tradecard.example/u/dave/';
const page = (overrides: Parameters<typeof fullCard>[0] = {}) =>
  jsonLdOf(
    renderProfilePage({ content: fullCard(overrides), username: 'dave', pageUrl, siteName: 'TradeCard' }),
  );

const filled = {
  job_title: 'Plumber & Heating Engineer',
  areas_covered: ['Leeds', 'LS6', 'Bradford'],
  opening_hours: [
    { day: 'monday', opens: '08:00', closes: '18:00' },
    { day: 'saturday', opens: '09:00', closes: '24:00' },
  ],
  credentials: [
    { scheme: 'gas_safe', name: '', number: '1234567', url: '' },
    { scheme: 'other', name: 'WaterSafe', number: '', url: 'https://www.watersafe.org.uk/' },
  ],
} as const satisfies Parameters<typeof fullCard>[0];

describe('the page’s LocalBusiness data', () => {
  it('validates against schema.org and states what the page shows', () => {
    const data = page({
      ...filled,
      opening_hours: [...filled.opening_hours],
      credentials: [...filled.credentials],
      areas_covered: [...filled.areas_covered],
    });
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Plumber',
      '@id': `${pageUrl}#business`,
      name: 'Thompson Bathrooms',
      url: pageUrl,
      telephone: '+447700900123',
      email: 'dave@thompsonbathrooms.co.uk',
      areaServed: [
        { '@type': 'Place', name: 'Leeds' },
        { '@type': 'Place', name: 'LS6' },
        { '@type': 'Place', name: 'Bradford' },
      ],
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Monday',
          opens: '08:00',
          closes: '18:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: 'https://schema.org/Saturday',
          opens: '09:00',
          closes: '23:59',
        },
      ],
      memberOf: [
        { '@type': 'Organization', name: 'Gas Safe Register' },
        { '@type': 'Organization', name: 'WaterSafe', url: 'https://www.watersafe.org.uk/' },
      ],
    });
    expect(data.sameAs).toContain('https://facebook.com/thompsonbathrooms');
    expect(data.image).toMatch(/^https:\/\/tradecard\.example\/media\//);
  });

  it('never claims a rating: the page’s reviews are typed by its owner', () => {
    expect(page()).not.toHaveProperty('aggregateRating');
    expect(page()).not.toHaveProperty('review');
  });

  it('leaves out what the page hides or doesn’t have', () => {
    const data = page({
      show_contact_section: false,
      phone_number: '',
      bio: '',
      sub_heading: '',
      areas_covered: [],
      credentials: [],
    });
    expect(schemaOrgProblems(data)).toEqual([]);
    for (const key of [
      'telephone',
      'email',
      'sameAs',
      'areaServed',
      'openingHoursSpecification',
      'memberOf',
      'description',
    ])
      expect(data).not.toHaveProperty(key);
  });

  it('states no number or email of a hidden Contact section, nor the name or photo of a hidden About (issue 28)', () => {
    const data = page({ show_contact_section: false, show_about_me_section: false, cover_photo: null });
    expect(schemaOrgProblems(data)).toEqual([]);
    for (const key of ['telephone', 'email', 'sameAs', 'openingHoursSpecification', 'image'])
      expect(data).not.toHaveProperty(key);
    expect(data.name).toBe('Bathrooms fitted right, first time');
    expect(data['@type']).toBe('LocalBusiness');
  });

  it('states no contact details when the contact section has nothing to show, as the page then shows none', () => {
    const data = page({ contact_email: '', phone_number: '' });
    for (const key of ['telephone', 'email', 'sameAs', 'openingHoursSpecification'])
      expect(data).not.toHaveProperty(key);
  });

  it('names the social links and the badges’ links as the page does, a typed facebook.com/… included', () => {
    const data = page({ facebook_url: 'facebook.com/thompsonbathrooms' });
    expect(data.sameAs).toContain('https://facebook.com/thompsonbathrooms');
    expect(page({ phone_number: '+44 7700 900123 ext. 5' }).telephone).toBe('+447700900123 ext. 5');
  });

  it('picks the trade’s own schema.org type from the job title', () => {
    expect(businessType('Electrician (NICEIC)')).toBe('Electrician');
    expect(businessType('Gas engineer')).toBe('Plumber');
    expect(businessType('Painter and Decorator')).toBe('HousePainter');
    expect(businessType('Roofer')).toBe('RoofingContractor');
    expect(businessType('Builder')).toBe('GeneralContractor');
    expect(businessType('Dog groomer')).toBe('LocalBusiness');
  });

  it('escapes every < and the line separators, and reads back unchanged', () => {
    const data = { name: '</script><!-- \u2028\u2029' };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });

  it('is checked by a validator that does fail', () => {
    expect(schemaOrgProblems({ '@type': 'Plumber', aggregateRatingz: 5 })).toEqual([
      '$.aggregateRatingz: not a property of Plumber',
    ]);
    expect(
      schemaOrgProblems({
        '@type': 'Plumber',
        openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: 'Mon', opens: '8am' }],
      }),
    ).toEqual([
      '$.openingHoursSpecification[0].dayOfWeek: not a DayOfWeek',
      '$.openingHoursSpecification[0].opens: not a Time',
    ]);
    expect(
      localBusiness({ content: fullCard({ cover_photo: null, avatar: null }), username: 'dave', pageUrl }),
    ).not.toHaveProperty('image');
  });
});
