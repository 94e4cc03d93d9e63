import { describe, expect, it } from 'vitest';
import { hostOf, routeByHost } from './host-routing';

const live = {
  usernameAt: (host: string) => (host === 'taylorandsons.co.uk' ? 'taylor' : null),
  domainOf: (username: string) => (username === 'taylor' ? 'taylorandsons.co.uk' : null),
};
const route = (url: string, host = 'taylorandsons.co.uk', method = 'GET') =>
  routeByHost(method, host, url, live, 'https://cards.example.com');

describe('serving a page on its owner’s domain (issue 31)', () => {
  it('reads the host as DNS does: lower case, no port, no trailing dot', () => {
    expect(hostOf('TaylorAndSons.co.uk:443')).toBe('taylorandsons.co.uk');
    expect(hostOf('taylorandsons.co.uk.')).toBe('taylorandsons.co.uk');
    expect(hostOf('[::1]:3000')).toBe('[::1]');
    expect(hostOf(undefined)).toBe('');
  });

  it('puts the page and everything beside it at the domain’s root', () => {
    expect(route('/')).toEqual({ rewrite: '/u/taylor' });
    expect(route('/?from=card')).toEqual({ rewrite: '/u/taylor?from=card' });
    expect(route('/quote')).toEqual({ rewrite: '/u/taylor/quote' });
    expect(route('/quote', undefined, 'POST')).toEqual({ rewrite: '/u/taylor/quote' });
    expect(route('/contact.vcf')).toEqual({ rewrite: '/u/taylor/contact.vcf' });
    expect(route('/og.jpg?v=abc')).toEqual({ rewrite: '/u/taylor/og.jpg?v=abc' });
    expect(route('/review/tok3n')).toEqual({ rewrite: '/u/taylor/review/tok3n' });
    // The address its QR codes encode: counted as a scan.
    expect(route('/q')).toEqual({ rewrite: '/q/taylor' });
  });

  it('leaves the service’s own paths alone on the domain, the page’s own path included', () => {
    for (const url of [
      '/api/ping',
      '/media/abc.webp',
      '/fonts/inter.woff2',
      '/u/taylor/quote',
      '/c/ABCD1234',
    ])
      expect(route(url), url).toBeNull();
  });

  it('serves nobody else’s page under the domain: it goes to the service host', () => {
    expect(route('/u/sam')).toEqual({ redirect: 'https://cards.example.com/u/sam' });
    expect(route('/q/sam?x=1')).toEqual({ redirect: 'https://cards.example.com/q/sam?x=1' });
    expect(route('/u/sam/quote', undefined, 'POST')).toBeNull();
  });

  it('moves the page from the service host to the domain, but not its files, a scanned code, a card or a POST', () => {
    const service = (url: string, method = 'GET') => route(url, 'cards.example.com', method);
    expect(service('/u/taylor')).toEqual({ redirect: 'https://taylorandsons.co.uk/' });
    expect(service('/u/Taylor/?from=card')).toEqual({ redirect: 'https://taylorandsons.co.uk/?from=card' });
    // The files beside it stay: the owner's share modal shows its QR code from here.
    expect(service('/u/taylor/quote')).toBeNull();
    expect(service('/u/taylor/qr.png')).toBeNull();
    expect(service('/u/taylor', 'HEAD')).toEqual({ redirect: 'https://taylorandsons.co.uk/' });
    expect(service('/u/taylor/quote', 'POST')).toBeNull();
    expect(service('/q/taylor')).toBeNull();
    expect(service('/c/ABCD1234')).toBeNull();
    expect(service('/u/sam')).toBeNull();
    expect(service('/u/%E0%A4%A')).toBeNull();
  });
});
