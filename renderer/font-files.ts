import { createRequire } from 'node:module';
import { FONT_FILES } from './fonts';

const require = createRequire(import.meta.url);

/**
 * Where a font file served at `/fonts/<file>` lives on disk; undefined for any name we do not ship, so the caller
 * can answer 404 and an untrusted path never reaches the file system.
 */
export function fontSourcePath(file: string): string | undefined {
  const font = FONT_FILES.find((candidate) => candidate.file === file);
  if (font === undefined) return undefined;
  return require.resolve(`@fontsource/${font.family.toLowerCase()}/files/${font.file}`);
}
