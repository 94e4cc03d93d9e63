export type Coding = 'br' | 'gzip';

type Weights = { br: number; gzip: number };

/** Browsers send a handful of distinct headers, so each is parsed once; the cap stops a client inventing more. */
const parsed = new Map<string, Weights>();
const PARSED_MAX = 256;

function weights(acceptEncoding: string): Weights {
  let known = parsed.get(acceptEncoding);
  if (known) return known;
  const listed = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    listed.set(name, Number.isFinite(q) ? Math.min(q, 1) : 0);
  }
  // `*` stands for any coding not named; a coding named with q=0 is refused whatever `*` says.
  const star = listed.get('*') ?? 0;
  known = { br: listed.get('br') ?? star, gzip: listed.get('gzip') ?? listed.get('x-gzip') ?? star };
  if (parsed.size >= PARSED_MAX) parsed.clear();
  parsed.set(acceptEncoding, known);
  return known;
}

/**
 * The coding to send, among those we have: the client's preferred by q, brotli on a tie (it is the smaller);
 * null for identity. No header at all means identity: a client that says nothing may not decode anything.
 */
export function chooseCoding(
  acceptEncoding: string | undefined,
  available: { br: boolean; gzip: boolean },
): Coding | null {
  if (!acceptEncoding) return null;
  const { br, gzip } = weights(acceptEncoding);
  const brQ = available.br ? br : 0;
  const gzipQ = available.gzip ? gzip : 0;
  if (brQ > 0 && brQ >= gzipQ) return 'br';
  if (gzipQ > 0) return 'gzip';
  return null;
}

/** Whether the client would take brotli at all: worth making it for an entry that has none yet. */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return acceptEncoding ? weights(acceptEncoding).br > 0 : false;
}

const ENTITY_TAG = /(?:W\/)?"[^"]*"|\*/g;

/**
 * RFC 9110 §13.1.2 and §13.1.3: If-None-Match compares weakly (`W/"x"` matches `"x"`), takes a list or `*`;
 * If-Modified-Since is consulted only when there is no If-None-Match, to the second.
 */
export function notModified(
  request: { ifNoneMatch: string | undefined; ifModifiedSince: string | undefined },
  etag: string,
  lastModifiedMs: number,
): boolean {
  if (request.ifNoneMatch !== undefined) {
    const ours = opaque(etag);
    for (const tag of request.ifNoneMatch.match(ENTITY_TAG) ?? []) {
      if (tag === '*' || opaque(tag) === ours) return true;
    }
    return false;
  }
  if (request.ifModifiedSince === undefined) return false;
  const since = Date.parse(request.ifModifiedSince);
  return Number.isFinite(since) && Math.floor(lastModifiedMs / 1000) * 1000 <= since;
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
