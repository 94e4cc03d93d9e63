import { z } from 'zod/mini';
import { type CardContent, cardContentSchema } from '../card/content';

/**
 * Issue 32: a firm's brand, as its admin sets it: the business name, the button colours, the font and the theme its
 * members' pages show. Each part the admin locks is the firm's on every member's page, whatever the member's own
 * card says; an unlocked part is the member's to choose (the firm's value is only a suggestion then).
 */
export const BRAND_PARTS = {
  name: ['business_card_name'],
  colours: ['button_bg_color', 'button_text_color'],
  font: ['style'],
  theme: ['page_theme', 'page_theme_variant'],
} as const satisfies Record<string, readonly (keyof CardContent)[]>;

export type BrandPart = keyof typeof BRAND_PARTS;
export const BRAND_PART_NAMES = Object.keys(BRAND_PARTS) as BrandPart[];
type BrandField = (typeof BRAND_PARTS)[BrandPart][number];

const shape = cardContentSchema.shape;
export const brandValuesSchema = z.object({
  business_card_name: shape.business_card_name,
  button_bg_color: shape.button_bg_color,
  button_text_color: shape.button_text_color,
  style: shape.style,
  page_theme: shape.page_theme,
  page_theme_variant: shape.page_theme_variant,
});
export type BrandValues = Pick<CardContent, BrandField>;

export const brandSchema = z.object({
  values: brandValuesSchema,
  locked: z.array(z.enum(BRAND_PART_NAMES as [BrandPart, ...BrandPart[]])),
});
export type Brand = z.infer<typeof brandSchema>;

/** The card as a member's page shows it (or the editor's draft, its preview): the firm's value in every locked field. */
export function brandedContent<Content extends BrandValues>(content: Content, brand: Brand | null): Content {
  if (!brand || brand.locked.length === 0) return content;
  const branded = { ...content };
  for (const part of brand.locked)
    for (const field of BRAND_PARTS[part]) Object.assign(branded, { [field]: brand.values[field] });
  return branded;
}

/** Whether two brands say the same: every value and the same parts locked. */
export const sameBrand = (a: Brand, b: Brand) =>
  BRAND_PART_NAMES.every(
    (part) =>
      a.locked.includes(part) === b.locked.includes(part) &&
      BRAND_PARTS[part].every((field) => a.values[field] === b.values[field]),
  );
