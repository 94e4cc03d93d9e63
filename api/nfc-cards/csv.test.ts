import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv';

describe('CSV for bulk encoders (RFC 4180)', () => {
  it('leaves plain fields as they are', () => {
    expect(csvField('K7M2Q9XA')).toBe('K7M2Q9XA');
    expect(csvField('https://tradecard.test/c/K7M2Q9XA')).toBe('https://tradecard.test/c/K7M2Q9XA');
    expect(csvField('')).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvField('one\ntwo')).toBe('"one\ntwo"');
  });

  it('ends every record, the last too, with CRLF', () => {
    expect(
      csvText([
        ['code', 'url'],
        ['K7M2Q9XA', 'https://x.test/c,1'],
      ]),
    ).toBe('code,url\r\nK7M2Q9XA,"https://x.test/c,1"\r\n');
  });
});
