import fs from 'node:fs';
import path from 'node:path';
import { COMPRESSIBLE_FILE, precompressed } from '../api/static/precompress';

// After `astro build`: a gzip and a brotli copy of every text file of the built site (the folder is the one
// argument, from scripts/site-stamp.ts), so the server never compresses them per request.

const siteDir = process.argv[2];
if (!siteDir) throw new Error('Usage: compress-site.ts <built site folder>');

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
// All at once: the copies are made in the thread pool, so every core works on them.
await Promise.all(
  [...files(siteDir)]
    .filter((file) => COMPRESSIBLE_FILE.test(file))
    .map(async (file) => {
      const content = fs.readFileSync(file);
      const copies = await precompressed(content);
      if (!copies.gzip) return;
      fs.writeFileSync(`${file}.gz`, copies.gzip);
      if (copies.br) fs.writeFileSync(`${file}.br`, copies.br);
      count += 1;
      before += content.length;
      after += (copies.br ?? copies.gzip).length;
    }),
);
console.log(
  `Compressed ${count} files: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB (brotli).`,
);
