import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { contentTag, decodePageVariants, encodePageVariants } from './page-variants';

const identity = Buffer.from(`<!doctype html>${'<p>Boilers fitted and serviced.</p>'.repeat(40)}`);
const bodies = { identity, gzip: gzipSync(identity), br: brotliCompressSync(identity) };

describe('a page’s variants file', () => {
  it('gives back every body with the ETag of exactly its bytes, the same file for the same page', () => {
    const file = encodePageVariants(bodies);
    const read = decodePageVariants(file);
    expect(read?.identity).toEqual({ body: identity, etag: contentTag(identity) });
    expect(read?.gzip).toEqual({ body: bodies.gzip, etag: contentTag(bodies.gzip) });
    expect(read?.br).toEqual({ body: bodies.br, etag: contentTag(bodies.br) });
    // Nothing in it depends on when it was written: a rebuild of an unchanged page writes nothing new.
    expect(encodePageVariants(bodies).equals(file)).toBe(true);
  });

  it('holds a page with no compressed copies', () => {
    const read = decodePageVariants(encodePageVariants({ identity }));
    expect(read).toMatchObject({ gzip: null, br: null });
    expect(read?.identity.body).toEqual(identity);
  });

  it('is refused when it is not whole: cut short, grown, another format, or garbage', () => {
    const file = encodePageVariants(bodies);
    expect(decodePageVariants(file.subarray(0, file.length - 1))).toBeNull();
    expect(decodePageVariants(Buffer.concat([file, Buffer.from('x')]))).toBeNull();
    expect(decodePageVariants(identity)).toBeNull();
    expect(decodePageVariants(Buffer.alloc(0))).toBeNull();
    const header = file.indexOf(10, file.indexOf(10) + 1);
    const broken = Buffer.concat([file.subarray(0, 30), Buffer.from('{'), file.subarray(header)]);
    expect(decodePageVariants(broken)).toBeNull();
  });
});
