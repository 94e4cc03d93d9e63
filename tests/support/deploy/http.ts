import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

export type Answer = {
  status: number;
  /** Lower-case names; a header sent twice reads as its values joined with ", " (so a doubled Vary shows). */
  headers: Record<string, string>;
  /** As received on the wire. */
  raw: Buffer;
  /** Content-Encoding undone. */
  body: Buffer;
};

/** The body with its Content-Encoding undone; an encoding we did not ask for is an error. */
export function decode(encoding: string | undefined, raw: Buffer): Buffer {
  if (!encoding || raw.length === 0) return raw;
  if (encoding === 'gzip') return gunzipSync(raw);
  if (encoding === 'br') return brotliDecompressSync(raw);
  throw new Error(`unexpected Content-Encoding: ${encoding}`);
}

/**
 * One request with exactly the headers given (fetch would add its own Accept-Encoding and undo the encoding
 * unseen), on a fresh connection.
 */
export function request(
  url: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const joined: Record<string, string> = {};
        const raw = response.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) {
          const name = (raw[i] as string).toLowerCase();
          const value = raw[i + 1] as string;
          joined[name] = name in joined ? `${joined[name]}, ${value}` : value;
        }
        const body = Buffer.concat(chunks);
        try {
          resolve({
            status: response.statusCode ?? 0,
            headers: joined,
            raw: body,
            body: decode(joined['content-encoding'], body),
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.setTimeout(15_000, () => outgoing.destroy(new Error(`${method} ${url} timed out`)));
    outgoing.end();
  });
}

/** Hop-by-hop or per-answer headers: never compared. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
/** Validators: each server makes its own (nginx from mtime and size), so only their presence is compared. */
const VALIDATORS = new Set(['etag', 'last-modified']);

/**
 * How the answer through nginx differs from the product's own, header by header: every header the product sends
 * must come through nginx with the same value (validators: present), and nginx may add only what it adds to any
 * file it sends (Server, Accept-Ranges, validators). The coding must be the same, but for brotli, which either side
 * may lack for a while: the product makes it in the background after the first request for it, and nginx sends only
 * the copies on disk. `acceptEncoding` is what the request offered.
 */
export function headerDifferences(product: Answer, nginx: Answer, acceptEncoding = ''): string[] {
  const differences: string[] = [];
  const codings = [product.headers['content-encoding'], nginx.headers['content-encoding']];
  const brotliOnly = acceptEncoding.trim() === 'br';
  if (
    brotliOnly ? codings.some((coding) => coding !== undefined && coding !== 'br') : codings[0] !== codings[1]
  )
    differences.push(`content-encoding: "${codings[1]}" through nginx, "${codings[0]}" from the product`);
  for (const [name, value] of Object.entries(product.headers)) {
    if (PER_ANSWER.has(name) || name === 'content-encoding') continue;
    const theirs = nginx.headers[name];
    if (theirs === undefined) differences.push(`${name}: missing through nginx (product: ${value})`);
    else if (!VALIDATORS.has(name) && theirs !== value)
      differences.push(`${name}: "${theirs}" through nginx, "${value}" from the product`);
  }
  for (const [name, value] of Object.entries(nginx.headers)) {
    if (name in product.headers || PER_ANSWER.has(name) || VALIDATORS.has(name)) continue;
    if (name === 'server' || name === 'accept-ranges' || name === 'content-encoding') continue;
    differences.push(`${name}: "${value}" only through nginx`);
  }
  return differences;
}
