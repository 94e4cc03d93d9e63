import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardCheckoutPath, nextStep, SIGNED_IN_PATHS, safeFrom } from './destination';

describe('where a visitor goes once signed in', () => {
  it('goes to the editor, or back where they came from when that is a signed-in page of this site', () => {
    expect(nextStep(null, null, null)).toEqual({ kind: 'go', url: '/myprofile' });
    expect(nextStep(null, { isAdmin: false }, '/myorders?x=1#top')).toEqual({
      kind: 'go',
      url: '/myorders?x=1#top',
    });
    expect(nextStep(null, null, 'https://evil.example/')).toEqual({ kind: 'go', url: '/myprofile' });
  });

  it('goes to the editor after signing up or in from a marketing page', () => {
    for (const from of ['/', '/faq', '/productandplan', '/helpcentre', '/u/dave'])
      expect(nextStep(null, null, from), from).toEqual({ kind: 'go', url: '/myprofile' });
  });

  it('knows every page drawn in the signed-in layout', () => {
    const pages = join(import.meta.dirname, '../pages');
    const signedIn = readdirSync(pages)
      .filter((file) => file.endsWith('.astro'))
      .filter((file) => readFileSync(join(pages, file), 'utf8').includes('layouts/App'))
      .map((file) => `/${file.replace(/\.astro$/, '').toLowerCase()}`);
    expect(signedIn.length).toBeGreaterThan(5);
    expect([...SIGNED_IN_PATHS].sort()).toEqual(signedIn.sort());
  });

  it('carries on with a pending purchase', () => {
    expect(nextStep({ type: 'subscribe' }, null, '/faq')).toEqual({ kind: 'subscribe' });
    expect(nextStep({ type: 'buy_card', payload: { quantity: 3 } }, null, '/faq')).toEqual({
      kind: 'go',
      url: '/productandplan/plasticnfccard?triggerCheckout=1&quantity=3',
    });
  });

  it('sends an admin to the admin console instead', () => {
    expect(nextStep({ type: 'subscribe' }, { isAdmin: true }, '/faq')).toEqual({ kind: 'go', url: '/admin' });
  });

  it('buys one card unless a sensible quantity was stored', () => {
    expect(cardCheckoutPath(undefined)).toMatch(/quantity=1$/);
    expect(cardCheckoutPath('nonsense')).toMatch(/quantity=1$/);
    expect(cardCheckoutPath(0)).toMatch(/quantity=1$/);
    expect(cardCheckoutPath(2.4)).toMatch(/quantity=2$/);
  });

  it('accepts only same-site paths for `from`, and never a sign-in page', () => {
    expect(safeFrom('/SuccessSubscription?id=7')).toBe('/SuccessSubscription?id=7');
    // Signed in or up from a firm's invitation, the visitor comes back to it to join (issue 32).
    expect(safeFrom('/join/f1.abc')).toBe('/join/f1.abc');
    for (const unsafe of [
      null,
      '',
      'faq',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/login',
      '/Register?from=/faq',
      '/reset-password/abc',
      '/faq',
      '/myprofilex',
    ]) {
      expect(safeFrom(unsafe), String(unsafe)).toBeNull();
    }
  });
});
