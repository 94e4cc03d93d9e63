import fs from 'node:fs';
import path from 'node:path';

/** Every file below `dir`, by its path relative to `dir`, with its bytes (base64, so two maps compare as text). */
export function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), fs.readFileSync(full).toString('base64'));
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}
