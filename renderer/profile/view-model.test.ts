import { describe, expect, it } from 'vitest';
import { defaultCardContent } from '../../events/card/content';
import { everySectionHidden, fullCard } from '../../tests/support/renderer/card';
import { displayName, hasVisibleContent, imageSource, toDisplayCard } from './view-model';

const id = 'abcdef0123456789abcdef01';

describe('imageSource', () => {
  it('uses the 640 width as src and lists every width in srcset', () => {
    const image = imageSource({ id, width: 1600, height: 900, widths: [1600, 320, 640, 1024] });
    expect(image).toEqual({
      src: `/media/${id}-640.webp`,
      srcset: `/media/${id}-320.webp 320w, /media/${id}-640.webp 640w, /media/${id}-1024.webp 1024w, /media/${id}-1600.webp 1600w`,
      width: 1600,
      height: 900,
    });
  });

  it('falls back to the largest width under 640, then to the smallest there is', () => {
    expect(imageSource({ id, width: 500, height: 500, widths: [320, 500] }).src).toBe(
      `/media/${id}-500.webp`,
    );
    expect(imageSource({ id, width: 2000, height: 1000, widths: [2000, 1024] }).src).toBe(
      `/media/${id}-1024.webp`,
    );
  });
});

describe('toDisplayCard', () => {
  it('turns every image into an ImageSource and keeps the rest of the content', () => {
    const content = fullCard();
    const card = toDisplayCard(content);
    expect(card.cover_photo?.src).toMatch(/^\/media\/[a-f0-9]{24}-640\.webp$/);
    expect(card.avatar?.srcset).toContain('320w');
    expect(card.works).toHaveLength(3);
    expect(card.full_name).toBe(content.full_name);
  });

  it('keeps missing images as null', () => {
    const card = toDisplayCard(defaultCardContent());
    expect(card.cover_photo).toBeNull();
    expect(card.avatar).toBeNull();
    expect(card.works).toEqual([]);
  });
});

describe('hasVisibleContent', () => {
  it('is false for an empty card and true once one section has content', () => {
    expect(hasVisibleContent(defaultCardContent())).toBe(false);
    expect(hasVisibleContent({ ...defaultCardContent(), phone_number: '01234 567890' })).toBe(true);
    expect(hasVisibleContent(everySectionHidden())).toBe(false);
  });
});

describe('displayName', () => {
  it('prefers the business name, then the full name, then the main heading, then @username', () => {
    const blank = { business_card_name: ' ', full_name: '', main_heading: '' };
    expect(displayName({ ...blank, business_card_name: 'Acme' }, 'dave')).toBe('Acme');
    expect(displayName({ ...blank, full_name: 'Dave' }, 'dave')).toBe('Dave');
    expect(displayName({ ...blank, main_heading: 'Plumbing' }, 'dave')).toBe('Plumbing');
    expect(displayName(blank, 'dave')).toBe('@dave');
  });
});
