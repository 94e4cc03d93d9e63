import { describe, expect, it } from 'vitest';
import { type Answer, headerDifferences } from './http';

const answer = (headers: Record<string, string>): Answer => ({
  status: 200,
  headers,
  raw: Buffer.alloc(0),
  body: Buffer.alloc(0),
});

const product = answer({
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'public, max-age=60, must-revalidate',
  etag: '"abc"',
  date: 'Mon, 23 Nov 2026 05:00:00 GMT',
  'content-encoding': 'gzip',
});

describe('headerDifferences', () => {
  it('ignores per-answer headers, compares validators by presence, allows what nginx adds to any file', () => {
    const nginx = answer({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=60, must-revalidate',
      etag: '"6b03c8a4-c9d"',
      date: 'Mon, 23 Nov 2026 05:00:01 GMT',
      'content-encoding': 'gzip',
      server: 'nginx',
      'accept-ranges': 'bytes',
      'last-modified': 'Mon, 23 Nov 2026 05:00:00 GMT',
    });
    expect(headerDifferences(product, nginx, 'gzip')).toEqual([]);
  });

  it('names a missing, a different, an extra and a doubled header, and a different coding', () => {
    const nginx = answer({
      'content-type': 'text/html; charset=utf-8, text/html',
      'x-frame-options': 'DENY',
    });
    expect(headerDifferences(product, nginx, 'gzip')).toEqual([
      'content-encoding: "undefined" through nginx, "gzip" from the product',
      'content-type: "text/html; charset=utf-8, text/html" through nginx, "text/html; charset=utf-8" from the product',
      'cache-control: missing through nginx (product: public, max-age=60, must-revalidate)',
      'etag: missing through nginx (product: "abc")',
      'x-frame-options: "DENY" only through nginx',
    ]);
  });

  it('lets either side go without brotli when only brotli was offered, but never send another coding', () => {
    const brotli = answer({ ...product.headers, 'content-encoding': 'br' });
    const plain = answer({ ...product.headers });
    delete plain.headers['content-encoding'];
    expect(headerDifferences(brotli, plain, 'br')).toEqual([]);
    expect(headerDifferences(plain, brotli, 'br')).toEqual([]);
    expect(headerDifferences(brotli, product, 'br')).toHaveLength(1);
    expect(headerDifferences(brotli, plain, 'gzip, br')).toHaveLength(1);
  });
});
