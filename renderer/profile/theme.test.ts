import { describe, expect, it } from 'vitest';
import { defaultCardContent } from '../../events/card/content';
import { buttonColour, contrastRatio, themeVars } from './theme';

const contrast = contrastRatio;

describe('our colours', () => {
  it.each(['light', 'dark'] as const)('meet WCAG AA in the %s theme', (page_theme) => {
    const vars = themeVars({ ...defaultCardContent(), page_theme }) as Record<string, string>;
    const [bg, fg, muted, surface, star] = ['--bg', '--fg', '--mu', '--sf', '--st'].map(
      (name) => vars[name] ?? '',
    );
    expect(bg).toBe(page_theme === 'light' ? '#FFFFFF' : '#1F1F1F');
    for (const background of [bg, surface]) {
      expect(contrast(fg ?? '', background ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(muted ?? '', background ?? '')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(star ?? '', background ?? '')).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('buttonColour', () => {
  it('passes a hex colour and replaces anything else with the default orange', () => {
    expect(buttonColour('#00AA55')).toBe('#00AA55');
    expect(buttonColour('#00aa55')).toBe('#00aa55');
    expect(buttonColour('red')).toBe('#F47629');
    expect(buttonColour('#000;x:y')).toBe('#F47629');
  });
});
