import { describe, expect, it } from 'vitest';
import { defaultCardContent } from '../../../../events/card/content';
import { cardAnswer } from '../../../../tests/support/site/card-answer';
import { filledDraft, picked, storedRef } from '../../../../tests/support/site/draft';
import { draftFromContent, emptyDraft } from './draft';
import { previewCard } from './preview-card';
import { previewCss, scopeToCard } from './preview-styles';
import { startingContent } from './sample';
import { readSavedCard } from './saved-card';

describe('previewCss', () => {
  it('confines every rule of the page stylesheet to the card', () => {
    const rules = previewCss.replace(/@font-face\{[^}]*\}/g, '').match(/[^{}]+(?=\{)/g) ?? [];
    expect(rules.length).toBeGreaterThan(10);
    for (const selectors of rules) {
      for (const selector of selectors.split(',')) expect(selector.trim()).toMatch(/^\.tc(-|\b)/);
    }
  });

  it('prefixes bare helpers and leaves card selectors alone', () => {
    expect(scopeToCard('.sr{a:b}.tc p{c:d}.tc-bt:focus-visible,.x{e:f}')).toBe(
      '.tc .sr{a:b}.tc p{c:d}.tc-bt:focus-visible,.tc .x{e:f}',
    );
  });

  it('brings the three fonts', () => {
    for (const font of ['Inter', 'Montserrat', 'Poppins'])
      expect(previewCss).toContain(`font-family:'${font}'`);
  });
});

describe('previewCard', () => {
  it('shows the sample with every section issue 17 added', () => {
    const { card } = previewCard(emptyDraft(), emptyDraft(), false);
    expect(card.whatsapp_greeting).not.toBe('');
    expect(card.opening_hours).toHaveLength(6);
    expect(card.emergency_callout.on).toBe(true);
    expect(card.areas_covered).toContain('BS1');
    expect(card.credentials.map((credential) => credential.scheme)).toEqual([
      'gas_safe',
      'checkatrade',
      'trustmark',
    ]);
  });

  it('draws a credential once its scheme is picked, without the editor’s row key', () => {
    const draft = filledDraft({
      credentials: [
        { key: 'a', scheme: '', name: '', number: '99', url: '' },
        { key: 'b', scheme: 'napit', name: '', number: ' N1 ', url: '' },
      ],
    });
    expect(previewCard(draft, emptyDraft(), true).card.credentials).toEqual([
      { scheme: 'napit', name: '', number: 'N1', url: '' },
    ]);
  });

  it('shows the sample bathroom renovator to someone with nothing published or typed', () => {
    const { card, sample } = previewCard(emptyDraft(), emptyDraft(), false);
    expect(sample).toBe(true);
    expect(card.main_heading).toBe('Taylor & Sons Bathrooms');
    expect(card.works).toHaveLength(3);
    expect(card.services).toHaveLength(4);
    expect(card.reviews).toHaveLength(3);
  });

  it('draws the sample in the look the controls show, never the sample’s own', () => {
    const { card, sample } = previewCard(emptyDraft(), emptyDraft(), false);
    expect(sample).toBe(true);
    expect(card).toMatchObject({ style: 'Inter', button_text_color: 'white', page_theme: 'light' });
  });

  it('shows the person’s own page, empty, from their first change on: no sample mixed in', () => {
    const draft = { ...emptyDraft(), page_theme: 'dark' as const };
    const { card, sample, empty } = previewCard(draft, emptyDraft(), false);
    expect(sample).toBe(false);
    expect(empty).toBe(true);
    expect(card.page_theme).toBe('dark');
    expect(card.main_heading).toBe('');
    expect(card.works).toEqual([]);
  });

  it('shows the draft as soon as it has content, picked photos by their object URL', () => {
    const cover = picked();
    const { card, sample } = previewCard(filledDraft({ cover_photo: cover }), emptyDraft(), false);
    expect(sample).toBe(false);
    expect(card.main_heading).toBe('Pipe Dreams Plumbing');
    expect(card.cover_photo).toEqual({ src: cover.url, width: 800, height: 600 });
  });

  it('shows stored photos with their srcset, and a published card even when empty', () => {
    const ref = storedRef(1600, 900);
    const draft = draftFromContent({ ...defaultCardContent(), avatar: ref });
    expect(previewCard(draft, draft, true).card.avatar?.srcset).toContain(`/media/${ref.id}-320.webp 320w`);
    expect(previewCard(emptyDraft(), emptyDraft(), true).sample).toBe(false);
  });
});

describe('startingContent', () => {
  it('starts someone with nothing published in the sample’s look, and a published card as it is', () => {
    const content = { ...defaultCardContent(), full_name: 'Dana Pipe' };
    expect(startingContent({ content, isPublished: false, username: 'dana' })).toEqual({
      ...content,
      style: 'Montserrat',
      button_text_color: 'black',
    });
    expect(startingContent({ content, isPublished: true, username: 'dana' })).toBe(content);
  });
});

describe('readSavedCard', () => {
  it('takes images from media and the rest from the card', () => {
    const ref = storedRef();
    const saved = readSavedCard(
      cardAnswer({
        main_heading: 'Pipe Dreams',
        cover_photo: `/media/${ref.id}-1600.webp`,
        works: [`/media/${ref.id}-1600.webp`],
        media: { cover_photo: ref, avatar: null, works: [ref] },
      }),
    );
    expect(saved.content.cover_photo).toEqual(ref);
    expect(saved.content.works).toEqual([ref]);
    expect(saved).toMatchObject({ isPublished: true, username: 'dana' });
  });

  it('refuses content it cannot read rather than guessing', () => {
    expect(() => readSavedCard({ ...cardAnswer(), page_theme: 'purple' })).toThrow();
  });
});
