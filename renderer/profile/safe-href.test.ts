import { describe, expect, it } from 'vitest';
import { externalHref, mailtoHref, safeHref, safeImageSrc, safeSrcset } from './safe-href';
import { telHref } from './tel-href';

describe('safeHref', () => {
  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:dave@example.com',
    'tel:+447700900123',
    'contact.vcf',
    '/myprofile',
  ])('allows %s', (url) => {
    expect(safeHref(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://example.com/1',
    'file:///etc/passwd',
    '',
  ])('refuses %j', (url) => {
    expect(safeHref(url)).toBeUndefined();
  });
});

describe('externalHref', () => {
  it('treats a bare domain as https and refuses non-web schemes', () => {
    expect(externalHref('facebook.com/dave')).toBe('https://facebook.com/dave');
    expect(externalHref(' https://x.com/dave ')).toBe('https://x.com/dave');
    expect(externalHref('javascript:alert(1)')).toBeUndefined();
    expect(externalHref('mailto:a@b.c')).toBeUndefined();
    expect(externalHref('   ')).toBeUndefined();
  });
});

describe('image sources', () => {
  it('allows our media, http(s) and blob URLs, and refuses script and data URLs', () => {
    expect(safeImageSrc('/media/a-640.webp')).toBe('/media/a-640.webp');
    expect(safeImageSrc('blob:http://localhost/123')).toBe('blob:http://localhost/123');
    expect(safeImageSrc('javascript:alert(1)')).toBeUndefined();
    expect(safeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBeUndefined();
  });

  it('drops a srcset with any unsafe candidate', () => {
    expect(safeSrcset('/a-320.webp 320w, /a-640.webp 640w')).toBe('/a-320.webp 320w, /a-640.webp 640w');
    expect(safeSrcset('/a-320.webp 320w, javascript:alert(1) 640w')).toBeUndefined();
    expect(safeSrcset(undefined)).toBeUndefined();
  });
});

describe('mailto and tel', () => {
  it('builds dialable tel: links and refuses numbers with no digits', () => {
    expect(telHref('+44 (0)7700 900-123')).toBe('tel:+447700900123');
    expect(telHref('+44 (0)7700 900-123 ext. 5')).toBe('tel:+447700900123;ext=5');
    expect(telHref('0113 496 0000')).toBe('tel:+441134960000');
    expect(telHref('0113 496\n0000')).toBe('tel:+441134960000');
    expect(telHref('12345')).toBeUndefined();
    expect(telHref('call me')).toBeUndefined();
    expect(mailtoHref(' dave@example.com ')).toBe('mailto:dave@example.com');
  });
});
