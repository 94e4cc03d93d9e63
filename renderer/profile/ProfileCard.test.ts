import { describe, expect, it } from 'vitest';
import { count, displayCard, imgTags, renderCard } from '../../tests/support/renderer/render';

describe('display modes', () => {
  it.each([
    ['list', 'tc-l'],
    ['grid', 'tc-g'],
    ['carousel', 'tc-c'],
  ] as const)('%s draws work, services and reviews as %s', (mode, className) => {
    const html = renderCard(
      displayCard({ work_display_mode: mode, services_display_mode: mode, reviews_display_mode: mode }),
    );
    expect(count(html, new RegExp(`<ul class="${className}[ "]`, 'g'))).toBe(3);
  });

  it('makes a carousel keyboard-scrollable with no script', () => {
    const html = renderCard(displayCard({ reviews_display_mode: 'carousel' }));
    expect(html).toContain('<ul class="tc-c" aria-label="Reviews, scrolls sideways" tabindex="0">');
  });
});

describe('theme', () => {
  it('sets branding as custom properties on the root', () => {
    const html = renderCard(
      displayCard({
        page_theme: 'dark',
        style: 'Poppins',
        text_alignment: 'center',
        button_bg_color: '#1E2A38',
        button_text_color: 'white',
      }),
    );
    const root = /<div class="tc tc-pg" style="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(root).toContain('--bg:#1F1F1F');
    expect(root).toContain('--ff:Poppins');
    expect(root).toContain('--al:center');
    expect(root).toContain('--btn:#1E2A38');
    expect(root).toContain('--btf:#FFFFFF');
  });

  it('uses a white background for the light theme, black button text when chosen', () => {
    const html = renderCard(displayCard({ page_theme: 'light', button_text_color: 'black' }));
    expect(html).toContain('--bg:#FFFFFF');
    expect(html).toContain('--btf:#000000');
  });

  it('never lets anything but a hex colour into the style attribute', () => {
    const html = renderCard(displayCard({ button_bg_color: 'red;background:url(//evil.example/x)' }));
    expect(html).toContain('--btn:#F47629');
    expect(html).not.toContain('evil.example');
  });

  it('lays the About section out side by side or stacked', () => {
    expect(renderCard(displayCard())).toContain('class="tc-ab"');
    expect(renderCard(displayCard({ about_me_layout: 'stacked' }))).toContain('class="tc-ab tc-st"');
  });
});

describe('accessibility', () => {
  const html = renderCard(displayCard());

  it('has one <main>, a <header> and a <footer> on the page', () => {
    expect(count(html, /<main[ >]/g)).toBe(1);
    expect(count(html, /<header[ >]/g)).toBe(1);
    expect(count(html, /<footer[ >]/g)).toBe(1);
  });

  it('has one h1 and never skips a heading level', () => {
    const levels = [...html.matchAll(/<h(\d)/g)].map((match) => Number(match[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.slice(1).forEach((level, index) => {
      expect(level - (levels[index] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('gives every image alt text and dimensions; only the cover loads eagerly', () => {
    const images = imgTags(html);
    expect(images).toHaveLength(5);
    for (const img of images) {
      expect(img).toMatch(/ alt="[^"]+"/);
      expect(img).toMatch(/ width="\d+" height="\d+"/);
    }
    expect(images[0]).toContain('alt="Cover photo"');
    expect(images[0]).not.toContain('loading=');
    expect(images[1]).toContain('alt="Dave Thompson"');
    expect(images[2]).toContain('alt="Work photo 1 of 3"');
    for (const img of images.slice(1)) expect(img).toContain('loading="lazy" decoding="async"');
  });

  it('loads the first image eagerly when there is no cover', () => {
    const images = imgTags(renderCard(displayCard({ cover_photo: null })));
    expect(images[0]).toContain('class="tc-av"');
    expect(images[0]).not.toContain('loading=');
    expect(images[1]).toContain('loading="lazy"');
  });

  it('labels the stars for screen readers', () => {
    expect(html).toContain('role="img" aria-label="Rated 4 out of 5">★★★★☆</p>');
  });
});

describe('preview variant', () => {
  const html = renderCard(displayCard(), { variant: 'preview', saveContactHref: 'blob:http://localhost/x' });

  it('leaves <main> and h1 to the editor page around it', () => {
    expect(html).toContain('class="tc tc-pv"');
    expect(html).not.toMatch(/<main[ >]/);
    expect(html).not.toContain('<h1');
    expect(html).toContain('<h2>Bathrooms fitted right, first time</h2>');
    expect(html).toContain('<h3 id="tc-about">');
  });

  it('refuses a Save My Number link that is not http(s), mailto, tel or relative', () => {
    expect(html).not.toContain('Save My Number');
  });
});
