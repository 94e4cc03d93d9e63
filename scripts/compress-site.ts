import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultSiteDir } from '../api/site-files';

// After `astro build`: a gzip and a brotli copy of every text file, so the server never compresses per request
// (the same reason profile pages carry a ready .gz).
const COMPRESSIBLE = /\.(html|css|js|mjs|svg|json|xml|txt|vtt|webmanifest)$/;
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
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  fs.writeFileSync(`${file}.br`, brotli);
  count += 1;
  before += content.length;
  after += brotli.length;
}
console.log(
  `Compressed ${count} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli).`,
);
