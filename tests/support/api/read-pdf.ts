import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** A PDF's words as poppler reads them (Debian's poppler-utils), and proof that its first page renders; in `dir`. */
export function readPdf(dir: string, bytes: Buffer) {
  const file = path.join(dir, 'invoice.pdf');
  fs.writeFileSync(file, bytes);
  execFileSync('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
  const page = fs.readdirSync(dir).find((name) => /^page-\d+\.png$/.test(name));
  expect(page).toBeDefined();
  expect(
    fs
      .readFileSync(path.join(dir, page as string))
      .subarray(1, 4)
      .toString(),
  ).toBe('PNG');
  // One line per line of the page, runs of spaces between columns made one.
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/ {2,}/g, ' ');
}
