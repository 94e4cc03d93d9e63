import { describe, expect, it } from 'vitest';
import { MAX_JOB, normalisePostcode, parseEnquiryForm } from './input';

const form = (fields: Record<string, unknown>) =>
  parseEnquiryForm({ name: 'Pat Customer', phone: '07700 900123', job: 'A dripping tap.', ...fields });

describe('the quote form’s fields', () => {
  it('keeps what was typed, tidied: one-line name, lower-case email, the job’s line breaks as LF', () => {
    expect(
      form({
        name: '  Pat \n Customer ',
        email: ' Pat@Example.COM ',
        postcode: 'bs31aa',
        job: 'Tap\r\ndrips\r\n',
      }),
    ).toMatchObject({
      ok: true,
      fields: {
        name: 'Pat Customer',
        phone: '07700 900123',
        email: 'pat@example.com',
        postcode: 'BS3 1AA',
        job: 'Tap\ndrips',
      },
    });
  });

  it('needs a phone number or an email address, and each one given must work', () => {
    expect(form({ phone: '' })).toMatchObject({
      ok: false,
      errors: { phone: 'Please give a phone number or an email address, so they can reply.' },
    });
    expect(form({ phone: '', email: 'pat@example.com' })).toMatchObject({
      ok: true,
      fields: { phone: null, email: 'pat@example.com' },
    });
    expect(form({ phone: '123' })).toMatchObject({
      ok: false,
      errors: { phone: expect.stringMatching(/called/) },
    });
    expect(form({ email: 'pat@' })).toMatchObject({
      ok: false,
      errors: { email: expect.stringMatching(/like/) },
    });
  });

  it('names every problem at once, and gives back what was typed', () => {
    const result = form({ name: '', job: 'x'.repeat(MAX_JOB + 1), postcode: 'nowhere' });
    expect(result).toMatchObject({
      ok: false,
      values: { name: '', phone: '07700 900123', postcode: 'nowhere' },
      errors: {
        name: 'Please enter your name.',
        job: 'Please describe the job in at most 2,000 characters.',
        postcode: 'Please enter a UK postcode like BS3 1AA, or just its first part, like BS3.',
      },
    });
    // CRLF line breaks count once, as the browser's maxlength counted them.
    expect(form({ job: `${'x'.repeat(MAX_JOB - 2)}\r\ny` }).ok).toBe(true);
  });

  it('reads a repeated field, or a file where text belongs, as nothing typed', () => {
    expect(form({ name: ['Pat', 'Sam'] })).toMatchObject({
      ok: false,
      errors: { name: 'Please enter your name.' },
    });
    expect(form({ job: { file: 'x' } })).toMatchObject({
      ok: false,
      errors: { job: 'Please say what the job is.' },
    });
  });
});

describe('UK postcodes', () => {
  it('takes a whole postcode or its district, spaced and capitalised', () => {
    expect(normalisePostcode('sw1a1aa')).toBe('SW1A 1AA');
    expect(normalisePostcode(' M1  1AE ')).toBe('M1 1AE');
    expect(normalisePostcode('bs3')).toBe('BS3');
    expect(normalisePostcode('EC1A')).toBe('EC1A');
  });

  it('refuses anything else', () => {
    for (const typed of ['BS', '12345', 'BS3 1A', 'BS3 AAA', 'Bristol', 'BS3 1AA X'])
      expect(normalisePostcode(typed)).toBeNull();
  });
});
