import type { CSSProperties } from 'react';
import { DEFAULT_BUTTON_COLOUR } from '../../events/card/content';
import { fontStack } from '../fonts';
import type { DisplayCard } from './view-model';

/**
 * The card's branding as CSS custom properties on the component's root, so one stylesheet serves every card and
 * the editor's preview restyles without re-rendering the CSS. Our own colours meet WCAG AA (4.5:1) on their
 * background; the button colour is the owner's choice, as is its white or black text while that text is readable
 * on it: where the choice fails AA (white on the default orange does), the buttons customers press to call, message
 * or ask for a quote use the other.
 */
const PALETTES = {
  light: { '--bg': '#FFFFFF', '--fg': '#1F1F1F', '--mu': '#555555', '--sf': '#F3F3F3', '--st': '#A34E00' },
  dark: { '--bg': '#1F1F1F', '--fg': '#F5F5F5', '--mu': '#C4C4C4', '--sf': '#2C2C2C', '--st': '#FFC94D' },
} as const;

const FLEX_ALIGN = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;

/** Only a plain hex colour reaches the style attribute, whatever the log holds. */
export const buttonColour = (value: string) => (HEX_COLOUR.test(value) ? value : DEFAULT_BUTTON_COLOUR);

type ThemeFields = Pick<
  DisplayCard,
  'page_theme' | 'style' | 'text_alignment' | 'button_bg_color' | 'button_text_color'
>;

export function themeVars(card: ThemeFields): CSSProperties {
  const palette = PALETTES[card.page_theme] ?? PALETTES.light;
  const align = FLEX_ALIGN[card.text_alignment] ? card.text_alignment : 'left';
  const vars: Record<`--${string}`, string> = {
    ...palette,
    // Our font names are single words, so they need no quotes; anything else is stripped to letters. Then the
    // system font that takes its room until it lands (renderer/fonts.ts).
    '--ff': fontStack(card.style.replace(/[^A-Za-z]/g, '') || 'Inter'),
    '--al': align,
    '--ai': FLEX_ALIGN[align],
    '--btn': buttonColour(card.button_bg_color),
    '--btf': buttonTextColour(card),
  };
  return vars as CSSProperties;
}

const BLACK = '#000000';
const WHITE = '#FFFFFF';
/** WCAG AA for normal text. */
const READABLE = 4.5;

/**
 * The buttons' text: the owner's white or black, unless it fails WCAG AA on their button colour, when it is the
 * other. SPEC §2's default (white on #F47629) is 2.9:1, so a default card's buttons have black text; the editor
 * says so beside the choice, and the Wallet pass follows the same rule.
 */
export function buttonTextColour(card: Pick<ThemeFields, 'button_bg_color' | 'button_text_color'>) {
  const chosen = card.button_text_color === 'black' ? BLACK : WHITE;
  const button = buttonColour(card.button_bg_color);
  return contrastRatio(chosen, button) >= READABLE ? chosen : chosen === BLACK ? WHITE : BLACK;
}

function luminance(hex: string) {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two `#RRGGBB` colours, 1 to 21. */
export const contrastRatio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

export const backgroundColour = (theme: DisplayCard['page_theme']) =>
  (PALETTES[theme] ?? PALETTES.light)['--bg'];
