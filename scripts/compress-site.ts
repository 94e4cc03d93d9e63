import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultSiteDir } from '../api/static/site-files';

// After `astro build`: a gzip and a brotli copy (at brotli's best quality, which costs too much per request) of
// every text file, so the server never compresses them per request; it checks each copy unpacks to its file.
// The favicon is an uncompressed bitmap more often than not: it shrinks to a fraction.
const COMPRESSIBLE = /\.(html|css|js|mjs|svg|json|xml|txt|vtt|webmanifest|ico)$/;
const WORTH_IT = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(defaultSiteDir())) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = fs.readFileSync(file);
  if (content.length < WORTH_IT) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  // A copy no smaller than its file (an .ico holding a PNG) would only be a second file to keep in step.
  if (gzip.length >= content.length) continue;
  fs.writeFileSync(`${file}.gz`, gzip);
  if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
  count += 1;
  before += content.length;
  after += brotli.length;
}
console.log(
  `Compressed ${count} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli).`,
);
