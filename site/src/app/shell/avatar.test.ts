import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headerAvatar } from './avatar';

const id = 'ae3a15abba0e6e2eb52ecaa6';

const media = (widths: number[]) => ({
  cover_photo: null,
  avatar: { id, width: 600, height: 600, widths },
  works: [],
});

describe('headerAvatar', () => {
  it('does not import the card schemas, which would be built before zod is told not to use eval', () => {
    const source = fs.readFileSync(new URL('./avatar.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from '[^']*events\//);
  });

  it('offers every stored width, so a 56 px photo need not be the 600 px file', () => {
    const card = { avatar: `/media/${id}-600.webp`, media: media([600, 320]) };
    expect(headerAvatar(card)).toEqual({
      src: `/media/${id}-600.webp`,
      srcSet: `/media/${id}-320.webp 320w, /media/${id}-600.webp 600w`,
    });
  });

  it('keeps an address it cannot rewrite alone, and gives nothing without a photo', () => {
    expect(headerAvatar({ avatar: '/media/x-600.webp', media: media([600, 320]) })).toEqual({
      src: '/media/x-600.webp',
    });
    expect(headerAvatar({ avatar: `/media/${id}-600.webp`, media: media([]) })).toEqual({
      src: `/media/${id}-600.webp`,
    });
    expect(headerAvatar({ avatar: null, media: media([]) })).toBeNull();
    expect(headerAvatar(undefined)).toBeNull();
  });
});
