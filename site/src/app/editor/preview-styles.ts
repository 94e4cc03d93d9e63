import { FONTS } from '../../../../events/card/content';
import { fontFaceCss } from '../../../../renderer/fonts';
import { profileCss } from '../../../../renderer/profile/styles';

/** Card-owned selectors: the card's root class and its `tc-` children. */
const CARD_SELECTOR = /^\.tc(?![\w-])|^\.tc-/;

/**
 * The published page's stylesheet, every rule confined to the card so none reaches the editor around it (the page
 * can use bare helpers like `.sr`; here they are prefixed with `.tc`).
 */
export function scopeToCard(css: string): string {
  return css.replace(/([^{}]+)\{([^{}]*)\}/g, (_rule, selectors: string, body: string) => {
    const scoped = selectors
      .split(',')
      .map((selector) => selector.trim())
      .map((selector) => (CARD_SELECTOR.test(selector) ? selector : `.tc ${selector}`))
      .join(',');
    return `${scoped}{${body}}`;
  });
}

/**
 * The preview's headings sit a level lower than the page's (it lives inside the editor's page), so they take the
 * sizes of the page's levels, and the site's heading letter-spacing is undone: the preview looks like the page.
 */
const LEVEL_SIZES =
  '.tc-pv h2,.tc-pv h3{letter-spacing:normal}.tc-pv h2{font-size:1.75rem}.tc-pv h3{font-size:1.25rem}' +
  '.tc-pv h4{font-size:1.17em}.tc-pv{min-height:100%}';

/** @font-face rules can't be scoped, but they only name our three families and fetch nothing until one is used. */
export const previewCss = scopeToCard(profileCss) + LEVEL_SIZES + FONTS.map(fontFaceCss).join('');
