import { describe, expect, it } from 'vitest';
import { telHref } from './tel-href';
import { whatsappHref } from './whatsapp-href';

const whatsapp = (typed: string) => whatsappHref(typed, telHref(typed));

describe('whatsappHref', () => {
  // A UK mobile, or any number typed in international form.
  it.each([
    ['a UK mobile', '07700 900123', '447700900123'],
    ['a UK mobile with its country code', '+44 (0)7700 900-123', '447700900123'],
    ['a UK mobile as dialled from abroad', '0044 7700 900123', '447700900123'],
    ['a UK landline in international form', '+44 113 496 0000', '441134960000'],
    ['an Irish mobile', '+353 85 123 4567', '353851234567'],
    ['a French mobile as dialled from the UK', '00 33 6 12 34 56 78', '33612345678'],
  ])('offers %s, %s', (_, typed, digits) => {
    expect(whatsapp(typed)).toBe(`https://wa.me/${digits}`);
  });

  it.each(['0113 496 0000', '020 7946 0000', '+44 7700 900123 ext. 5', '12345', 'call me'])(
    'offers nothing for %s: a UK landline, an extension or no number at all',
    (typed) => {
      expect(whatsapp(typed)).toBeUndefined();
    },
  );

  it('takes only a plain E.164 tel: href, whatever else a dialler gives it', () => {
    expect(whatsappHref('07700 900123', undefined)).toBeUndefined();
    // The editor's dialler before libphonenumber has loaded: national digits, so nothing yet.
    expect(whatsappHref('07700 900123', 'tel:07700900123')).toBeUndefined();
    expect(whatsappHref('+1 555', 'tel:+1"><script>')).toBeUndefined();
  });

  it('opens the chat with the greeting typed in, every character encoded', () => {
    const greeting = 'Hi Sam & co, a quote? 100% / £50 #2 "now" <b>\nThanks';
    const href = whatsappHref('07700 900123', telHref('07700 900123'), `  ${greeting} `);
    expect(href).toBe(`https://wa.me/447700900123?text=${encodeURIComponent(greeting)}`);
    expect(href).toMatch(/^https:\/\/wa\.me\/447700900123\?text=[A-Za-z0-9%._~!*'()-]+$/);
    expect(new URL(href ?? '').searchParams.get('text')).toBe(greeting);
  });

  it('leaves the text out when there is no greeting, and offers no greeting for a landline', () => {
    expect(whatsappHref('07700 900123', telHref('07700 900123'), '  ')).toBe('https://wa.me/447700900123');
    expect(whatsappHref('0113 496 0000', telHref('0113 496 0000'), 'Hello')).toBeUndefined();
  });

  it('still draws a link for a greeting holding half a surrogate pair, which encodeURIComponent throws on', () => {
    const href = whatsappHref('07700 900123', telHref('07700 900123'), 'Hi \uD83D there');
    expect(href).toBe(`https://wa.me/447700900123?text=${encodeURIComponent('Hi \uFFFD there')}`);
  });
});
