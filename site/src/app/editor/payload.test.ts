import { describe, expect, it } from 'vitest';
import { parseCardFields } from '../../../../events/card/input';
import { filledDraft, picked, stored, storedRef } from '../../../../tests/support/site/draft';
import { emptyDraft, savedImageUrl } from './draft';
import { buildPayload, cardFields } from './payload';
import { roughlyDiallable } from './tel-href';

describe('cardFields', () => {
  it('leaves out empty and blank text fields', () => {
    const fields = cardFields(filledDraft({ sub_heading: '', bio: '   ', x_url: '' }));
    expect(fields.main_heading).toBe('Pipe Dreams Plumbing');
    expect(fields).not.toHaveProperty('sub_heading');
    expect(fields).not.toHaveProperty('bio');
    expect(fields).not.toHaveProperty('x_url');
  });

  it('sends the font as style', () => {
    const fields = cardFields(filledDraft({ style: 'Poppins' }));
    expect(fields.style).toBe('Poppins');
    expect(fields).not.toHaveProperty('font');
  });

  it('sends visibility flags as the strings true and false', () => {
    const fields = cardFields(filledDraft({ show_reviews_section: false }));
    expect(fields.show_reviews_section).toBe('false');
    expect(fields.show_main_section).toBe('true');
  });

  it('sends services, reviews and section order as JSON text, dropping empty rows and clamping ratings', () => {
    const fields = cardFields(
      filledDraft({
        services: [
          { key: 'a', name: ' Boiler service ', price: '' },
          { key: 'b', name: '', price: '  ' },
          { key: 'c', name: '', price: 'from £40' },
        ],
        reviews: [
          { key: 'd', name: 'Sam', text: '', rating: 9 },
          { key: 'e', name: ' ', text: '', rating: 5 },
          { key: 'f', name: '', text: 'Tidy work', rating: 0 },
        ],
        section_order: ['main', 'contact', 'about', 'work', 'services', 'reviews'],
      }),
    );
    expect(JSON.parse(fields.services ?? '')).toEqual([
      { name: 'Boiler service', price: '' },
      { name: '', price: 'from £40' },
    ]);
    expect(JSON.parse(fields.reviews ?? '')).toEqual([
      { name: 'Sam', text: '', rating: 5 },
      { name: '', text: 'Tidy work', rating: 1 },
    ]);
    expect(JSON.parse(fields.section_order ?? '')).toEqual([
      'main',
      'contact',
      'about',
      'work',
      'services',
      'reviews',
    ]);
  });

  it('is accepted by the API’s own parser', () => {
    const parsed = parseCardFields(cardFields(filledDraft()), roughlyDiallable);
    expect(parsed.ok).toBe(true);
  });
});

describe('buildPayload', () => {
  it('names every photo by its stored address, picked ones once the API has stored them', () => {
    const coverRef = storedRef();
    const cover = picked('cover.png', 'image/png', coverRef);
    const avatar = stored();
    const kept = stored();
    const freshRef = storedRef();
    const fresh = picked('work.png', 'image/png', freshRef);
    const form = buildPayload(filledDraft({ cover_photo: cover, avatar, works: [kept, fresh] }));

    expect(form.get('cover_photo')).toBe(savedImageUrl(coverRef));
    expect(form.get('avatar')).toBe(avatar.url);
    expect(form.get('cover_photo_removed')).toBe('false');
    expect(form.get('avatar_removed')).toBe('false');
    expect(form.get('existing_works')).toBe('[]');
    expect(form.getAll('works')).toEqual([kept.url, savedImageUrl(freshRef)]);
    for (const [key, value] of form.entries()) expect(typeof value, key).toBe('string');
  });

  it('sends work photos in the editor’s order, picked and published mixed', () => {
    const [refA, refC] = [storedRef(), storedRef()];
    const [a, b, c] = [picked('a.png', 'image/png', refA), stored(), picked('c.png', 'image/png', refC)];
    expect(buildPayload(filledDraft({ works: [a, b, c] })).getAll('works')).toEqual([
      savedImageUrl(refA),
      b.url,
      savedImageUrl(refC),
    ]);
  });

  it('will not build a card naming a photo that is still going up', () => {
    expect(() => buildPayload(filledDraft({ works: [stored(), picked('late.png')] }))).toThrow(
      /not stored yet/,
    );
  });

  it('flags removed photos with the string true and sends nothing for them', () => {
    const form = buildPayload(filledDraft({ cover_photo: null, avatar: null, works: [] }));
    expect(form.get('cover_photo_removed')).toBe('true');
    expect(form.get('avatar_removed')).toBe('true');
    expect(form.has('cover_photo')).toBe(false);
    expect(form.has('avatar')).toBe(false);
    expect(form.get('existing_works')).toBe('[]');
    expect(form.has('works')).toBe(false);
  });

  it('holds every text field as a string and none that is empty', () => {
    const form = buildPayload(emptyDraft());
    for (const [key, value] of form.entries()) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
    expect(form.has('main_heading')).toBe(false);
    expect(form.get('style')).toBe('Inter');
    expect(form.get('button_bg_color')).toBe('#F47629');
  });
});

describe('cardFields, issue 17’s fields', () => {
  it('sends the greeting, the week, the callout, the areas and the quote switch as the API reads them', () => {
    const fields = cardFields(filledDraft({ quotes_enabled: false }));
    expect(fields.whatsapp_greeting).toBe('Hi Dana, I have a leak.');
    expect(fields.quotes_enabled).toBe('false');
    expect(JSON.parse(fields.opening_hours ?? '')).toEqual([
      { day: 'monday', opens: '08:00', closes: '17:00' },
      { day: 'saturday', opens: '09:00', closes: '12:30' },
    ]);
    expect(JSON.parse(fields.emergency_callout ?? '')).toEqual({
      on: true,
      hours: '24/7',
      note: 'No heating? Call.',
    });
    expect(JSON.parse(fields.areas_covered ?? '')).toEqual(['Leeds', 'LS6']);
    expect(cardFields(filledDraft()).quotes_enabled).toBe('true');
  });

  it('sends credentials without their row keys, trimmed, blank rows dropped, a name only for another scheme', () => {
    const fields = cardFields(
      filledDraft({
        credentials: [
          { key: 'a', scheme: 'gas_safe', name: 'left over', number: ' 1234567 ', url: '' },
          { key: 'b', scheme: '', name: ' ', number: '', url: '' },
          { key: 'c', scheme: 'other', name: ' Guild ', number: '', url: 'https://guild.example/me' },
        ],
      }),
    );
    expect(JSON.parse(fields.credentials ?? '')).toEqual([
      { scheme: 'gas_safe', name: '', number: '1234567', url: '' },
      { scheme: 'other', name: 'Guild', number: '', url: 'https://guild.example/me' },
    ]);
  });

  it('round-trips through the API’s parser to the draft’s own content', () => {
    const draft = filledDraft({ quotes_enabled: false });
    const parsed = parseCardFields(cardFields(draft), roughlyDiallable);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.fields).toMatchObject({
      whatsapp_greeting: draft.whatsapp_greeting,
      opening_hours: draft.opening_hours,
      emergency_callout: draft.emergency_callout,
      areas_covered: draft.areas_covered,
      credentials: [{ scheme: 'gas_safe', name: '', number: '1234567', url: '' }],
      quotes_enabled: false,
    });
  });
});
