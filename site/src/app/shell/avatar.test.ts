import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headerAvatar } from './avatar';

const id = 'ae3a15abba0e6e2eb52ecaa6';

describe('headerAvatar', () => {
  it('does not import the card schemas, which would be built before zod is told not to use eval', () => {
    const source = fs.readFileSync(new URL('./avatar.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from '[^']*events\//);
  });

  it('offers every stored width, so a 56 px photo need not be the 600 px file', () => {
    const card = { avatar: `/media/${id}-600.webp`, media: { avatar: { id, widths: [600, 320] } } };
    expect(headerAvatar(card)).toEqual({
      src: `/media/${id}-600.webp`,
      srcSet: `/media/${id}-320.webp 320w, /media/${id}-600.webp 600w`,
    });
  });

  it('keeps the address alone when the widths are missing or odd, and gives nothing without a photo', () => {
    expect(headerAvatar({ avatar: '/media/x-600.webp' })).toEqual({ src: '/media/x-600.webp' });
    expect(headerAvatar({ avatar: '/media/x-600.webp', media: { avatar: { id, widths: ['big'] } } })).toEqual(
      {
        src: '/media/x-600.webp',
      },
    );
    expect(headerAvatar({ avatar: null })).toBeNull();
    expect(headerAvatar(undefined)).toBeNull();
  });
});
