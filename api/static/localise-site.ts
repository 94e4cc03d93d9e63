import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { BUILT_ORIGIN, CHAT_WIDGET_META } from '../../contract/site-config';
import { precompressed } from './precompress';

// The public site is built once per release, for no address (ADR 040). At start the server writes the few built files
// that name the address (every page, robots.txt, sitemap.xml) again with its own PUBLIC_URL, and its chat widget in
// each page, with their gzip and brotli copies, into a folder of their own beside the build; site-files.ts sends
// those in place of the built ones. About a second, once per build and configuration: a second start reads the
// folder's list and writes nothing.

/** Files that may name the address. Never a bundle: the build puts no address in code (tests/deploy/site-build.test.ts). */
const LOCALISABLE = /\.(html|txt|xml)$/;
/** Part of every folder's name: raised when what localise() writes changes, so each folder is written again. */
const LOCALISE_VERSION = 1;
/** The list of a folder's files and their sizes, written last: a folder with it whole is a folder written whole. */
const MANIFEST = 'files.json';
/** A temp folder older than this is a crashed start's; a younger one may be another start's, still writing. */
const TEMP_STALE_MS = 10 * 60 * 1000;

export type SiteConfig = { publicUrl: string; chatWidgetSrc: string };

/** The built files this server sends its own copies of, by their path relative to the build. */
export type LocalisedSite = {
  dir: string;
  files: ReadonlySet<string>;
  /** How many files this start wrote (each with its copies): 0 when the folder was there already. */
  written: number;
};

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/** One built file as this server sends it: its origin for BUILT_ORIGIN, and on a page, its chat widget's address. */
export function localise(text: string, file: string, config: SiteConfig): string {
  const origin = new URL(config.publicUrl).origin;
  let out = text.replaceAll(BUILT_ORIGIN, () => origin);
  if (config.chatWidgetSrc && file.endsWith('.html')) {
    const meta = `<meta name="${CHAT_WIDGET_META}" content="${escapeAttribute(config.chatWidgetSrc)}">`;
    out = out.replace('</head>', () => `${meta}</head>`);
  }
  return out;
}

/** The build's files that may name the address, by relative path, in a stable order (~30 files, under 1 MB). */
function localisableFiles(siteDir: string): [string, Buffer][] {
  const found: [string, Buffer][] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (LOCALISABLE.test(entry.name))
        found.push([path.relative(siteDir, full), fs.readFileSync(full)]);
    }
  };
  walk(siteDir);
  return found.sort(([a], [b]) => (a < b ? -1 : 1));
}

const hash = (parts: (string | Buffer)[]) => {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part).update('\0');
  return digest.digest('hex').slice(0, 16);
};

/** The folder's files and sizes, when it is there and whole; null otherwise (never made, or cut short by a crash). */
function readWhole(dir: string): Record<string, number> | null {
  let manifest: Record<string, number>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    return null;
  }
  for (const [file, size] of Object.entries(manifest))
    if (fs.statSync(path.join(dir, file), { throwIfNoEntry: false })?.size !== size) return null;
  return manifest;
}

const servedFiles = (manifest: Record<string, number>) =>
  new Set(Object.keys(manifest).filter((file) => !/\.(gz|br)$/.test(file)));

/** Writes the localised files into `dir` (a fresh folder); returns each written file's size, copies included. */
async function writeLocalised(dir: string, files: [string, Buffer][], config: SiteConfig) {
  const manifest: Record<string, number> = {};
  await Promise.all(
    files.map(async ([file, content]) => {
      const text = content.toString('utf8');
      const localised = localise(text, file, config);
      // Unchanged (a page without the address, and no widget): the built file is sent as it is.
      if (localised === text) return;
      const bytes = Buffer.from(localised);
      const copies = await precompressed(bytes);
      const target = path.join(dir, file);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      for (const [name, data] of [
        [file, bytes],
        [`${file}.gz`, copies.gzip],
        [`${file}.br`, copies.br],
      ] as const) {
        if (!data) continue;
        await fsp.writeFile(path.join(dir, name), data);
        manifest[name] = data.length;
      }
    }),
  );
  await fsp.writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest));
  return manifest;
}

/** Folders of other builds go (their pages name bundles that are gone); other configurations of this build stay. */
function removeStale(root: string, build: string) {
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    const stale = entry.name.startsWith('.tmp-')
      ? Date.now() - (fs.statSync(full, { throwIfNoEntry: false })?.mtimeMs ?? 0) > TEMP_STALE_MS
      : !entry.name.startsWith(`${build}-`);
    if (stale) fs.rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The site's files for this configuration, in a folder of `root` named by a hash of the built files that may name
 * the address and of the configuration: written when that folder is not there whole, else only read. Written into a
 * temp folder renamed into place, so several instances starting at once from one checkout each find a whole folder;
 * instances on other addresses use folders of their own. Null when the site is not built.
 */
export async function localiseSite(
  options: { siteDir: string; root: string } & SiteConfig,
): Promise<LocalisedSite | null> {
  if (!fs.existsSync(options.siteDir)) return null;
  const config = { publicUrl: options.publicUrl, chatWidgetSrc: options.chatWidgetSrc };
  const files = localisableFiles(options.siteDir);
  const build = hash(files.flat());
  const dir = path.join(
    options.root,
    `${build}-${hash([String(LOCALISE_VERSION), new URL(config.publicUrl).origin, config.chatWidgetSrc])}`,
  );
  const found = readWhole(dir);
  if (found) return { dir, files: servedFiles(found), written: 0 };

  fs.mkdirSync(options.root, { recursive: true });
  const temp = path.join(options.root, `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(temp);
  let manifest: Record<string, number>;
  try {
    manifest = await writeLocalised(temp, files, config);
    // A folder cut short by a crash goes first.
    if (fs.existsSync(dir) && !readWhole(dir)) fs.rmSync(dir, { recursive: true, force: true });
    try {
      fs.renameSync(temp, dir);
    } catch (error) {
      // Another start renamed the same files into place first: ours go.
      if (!readWhole(dir)) throw error;
      fs.rmSync(temp, { recursive: true, force: true });
    }
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
  removeStale(options.root, build);
  const served = servedFiles(manifest);
  return { dir, files: served, written: served.size };
}
