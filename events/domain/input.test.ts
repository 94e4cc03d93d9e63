import { describe, expect, it } from 'vitest';
import { DOMAIN_IS_OURS, DOMAIN_MISSING, DOMAIN_NOT_USABLE, readDomain } from './input';

const ours = ['cards.example.com'];
const read = (typed: string) => readDomain(typed, ours);

describe('the domain an owner types', () => {
  it('reads it as they mean it: pasted from an address bar, in capitals, with a trailing dot', () => {
    expect(read('taylorandsons.co.uk')).toEqual({ ok: true, domain: 'taylorandsons.co.uk' });
    expect(read('  https://Card.TaylorAndSons.co.uk/u/taylor?x=1 ')).toEqual({
      ok: true,
      domain: 'card.taylorandsons.co.uk',
    });
    expect(read('taylorandsons.co.uk.')).toEqual({ ok: true, domain: 'taylorandsons.co.uk' });
    expect(read('http://taylor.test:8080')).toEqual({ ok: true, domain: 'taylor.test' });
  });

  it('turns an international name into the form DNS and certificates use', () => {
    expect(read('bäckerei.de')).toEqual({ ok: true, domain: 'xn--bckerei-5wa.de' });
  });

  it('refuses what is not a public domain name', () => {
    expect(read('')).toEqual({ ok: false, error: DOMAIN_MISSING });
    for (const typed of [
      'taylor',
      '192.168.1.10',
      '[::1]',
      'taylor..co.uk',
      '-taylor.co.uk',
      'taylor-.co.uk',
      'tay_lor.co.uk',
      'taylor co.uk',
      'printer.local',
      'localhost',
      'me.localhost',
      'user:pass@taylor.co.uk',
      `${'a'.repeat(64)}.co.uk`,
      `${'abcdefghi.'.repeat(26)}co.uk`,
      'taylor.123',
    ])
      expect(read(typed), typed).toEqual({ ok: false, error: DOMAIN_NOT_USABLE });
  });

  it('refuses our own host and every name under it', () => {
    expect(read('cards.example.com')).toEqual({ ok: false, error: DOMAIN_IS_OURS });
    expect(read('taylor.cards.example.com')).toEqual({ ok: false, error: DOMAIN_IS_OURS });
    expect(read('example.com')).toEqual({ ok: true, domain: 'example.com' });
  });
});
