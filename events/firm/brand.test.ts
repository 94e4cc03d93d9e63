import { describe, expect, it } from 'vitest';
import { defaultCardContent } from '../card/content';
import { type Brand, brandedContent } from './brand';

const brand: Brand = {
  values: {
    business_card_name: 'Taylor & Sons',
    button_bg_color: '#0A5C36',
    button_text_color: 'black',
    style: 'Montserrat',
    page_theme: 'dark',
    page_theme_variant: 'subtle-dark',
  },
  locked: ['colours', 'font'],
};

describe("a member's card under the firm's brand", () => {
  it('shows the firm’s value in each locked part, and the member’s own in the rest', () => {
    const own = { ...defaultCardContent(), business_card_name: 'Sam Sparks', button_bg_color: '#FF0000' };
    const shown = brandedContent(own, brand);
    expect(shown).toMatchObject({
      button_bg_color: '#0A5C36',
      button_text_color: 'black',
      style: 'Montserrat',
      business_card_name: 'Sam Sparks',
      page_theme: 'light',
    });
    // The member's own card is left as it was.
    expect(own.button_bg_color).toBe('#FF0000');
    expect(brandedContent(own, { ...brand, locked: [] })).toBe(own);
    expect(brandedContent(own, null)).toBe(own);
  });
});
