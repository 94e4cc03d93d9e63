import path from 'node:path';
import { REPO_ROOT } from '../platform/repo-root';
import { FONT_DIR, FONT_FILES } from './fonts';

/**
 * Where a font file served at `/fonts/<file>` lives on disk (the committed cuts, see fonts.ts); undefined for any
 * name we do not ship, so the caller can answer 404 and an untrusted path never reaches the file system.
 */
export function fontSourcePath(file: string): string | undefined {
  const font = FONT_FILES.find((candidate) => candidate.file === file);
  if (font === undefined) return undefined;
  return path.join(REPO_ROOT, FONT_DIR, font.file);
}
