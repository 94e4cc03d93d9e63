import { describe, expect, it } from 'vitest';
import { chatAllowed, chatMayLoadOn, openChatWidget } from './chat';

const chrome = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const allowed = (
  pathname: string,
  userAgent = chrome,
  src = 'https://chat.example/widget.js',
  signedIn = false,
) => chatAllowed({ src, pathname, userAgent, signedIn });

describe('the chat widget loader', () => {
  it('loads on public pages, not on the signed-in pages SPEC §2 excludes', () => {
    for (const path of ['/', '/faq', '/contactus', '/productandplan', '/profiles', '/policies']) {
      expect(allowed(path)).toBe(true);
    }
    for (const path of ['/myprofile', '/myorders/', '/billing', '/profile', '/admin', '/nfccards']) {
      expect(allowed(path)).toBe(false);
    }
  });

  // Issue 11, finding 3: the stand-in widget read a password page, a reset token and a stored session.
  it('never loads on a page holding a secret: sign-in, sign-up, reset links, checkouts, any signed-in page', () => {
    for (const path of [
      '/login',
      '/login/',
      '/register',
      '/reset-password',
      '/reset-password/0123abcdEF_-',
      '/join/1b4e28ba-2fa1-11d2-883f-0016d3cca427.AbC_12',
      '/contact-support',
      '/helpcentreinterface',
      '/success',
      '/SuccessSubscription',
      '/successsubscription/',
      // Issue 16's dashboard and issue 17's enquiries: signed-in pages like the rest.
      '/stats',
      '/enquiries',
    ]) {
      expect(allowed(path), path).toBe(false);
      expect(chatMayLoadOn(path), path).toBe(false);
    }
  });

  it('never loads for a signed-in visitor, whichever page they are on', () => {
    for (const path of ['/', '/faq', '/contactus']) {
      expect(allowed(path, chrome, 'https://chat.example/widget.js', true), path).toBe(false);
      expect(chatMayLoadOn(path), path).toBe(true);
    }
  });

  it('never loads for bots or audits, or when no widget is configured', () => {
    expect(allowed('/', 'Mozilla/5.0 (compatible; Googlebot/2.1)')).toBe(false);
    expect(allowed('/', `${chrome} Chrome-Lighthouse`)).toBe(false);
    expect(allowed('/', chrome, '')).toBe(false);
  });

  it('opens through whichever API the widget set up, and says when none is there yet', () => {
    const calls: string[] = [];
    expect(openChatWidget({} as Window)).toBe(false);
    expect(openChatWidget({ Tawk_API: { maximize: () => calls.push('tawk') } } as unknown as Window)).toBe(
      true,
    );
    const crisp: unknown[][] = [];
    expect(openChatWidget({ $crisp: crisp } as unknown as Window)).toBe(true);
    expect(calls).toEqual(['tawk']);
    expect(crisp).toEqual([['do', 'chat:open']]);
  });
});
