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

describe('the buttons’ text', () => {
  const text = (button_bg_color: string, button_text_color: 'white' | 'black') =>
    (themeVars({ ...defaultCardContent(), button_bg_color, button_text_color }) as Record<string, string>)[
      '--btf'
    ];

  it('is the owner’s choice while it is readable on the button', () => {
    expect(text('#1E2A38', 'white')).toBe('#FFFFFF');
    expect(text('#FFD23F', 'black')).toBe('#000000');
  });

  it('is the other colour where the choice fails WCAG AA: white on the default orange is 2.9:1', () => {
    expect(contrast('#FFFFFF', '#F47629')).toBeLessThan(4.5);
    expect(text('#F47629', 'white')).toBe('#000000');
    expect(text('#1E2A38', 'black')).toBe('#FFFFFF');
  });
});
