import { describe, expect, it } from 'vitest';
import { cardCheckoutPath, nextStep, safeFrom } from './destination';

describe('where a visitor goes once signed in', () => {
  it('goes to the dashboard, or back where they came from when that is a page of this site', () => {
    expect(nextStep(null, null, null)).toEqual({ kind: 'go', url: '/myprofile' });
    expect(nextStep(null, { isAdmin: false }, '/faq?x=1#top')).toEqual({ kind: 'go', url: '/faq?x=1#top' });
    expect(nextStep(null, null, 'https://evil.example/')).toEqual({ kind: 'go', url: '/myprofile' });
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
    expect(safeFrom('/productandplan/subscription')).toBe('/productandplan/subscription');
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
    ]) {
      expect(safeFrom(unsafe), String(unsafe)).toBeNull();
    }
  });
});
