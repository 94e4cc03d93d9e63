import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskStorage } from '../platform/storage/disk';
import { decodePageVariants } from '../platform/storage/page-variants';
import { profilePageKeys, writePageAt } from './page-files';
import { type PageWriter, startPageWriter } from './page-writer';

let dir: string;
let writer: PageWriter;
const page = Buffer.from(
  `<!doctype html><title>Dana</title>${'<p>Boiler servicing from £70</p>'.repeat(200)}`,
);
const folder = (root: string, username: string) => path.join(root, 'u', username);
const filesIn = (root: string, username: string) =>
  Object.fromEntries(
    fs
      .readdirSync(folder(root, username))
      .sort()
      .map((name) => [name, fs.readFileSync(path.join(folder(root, username), name))]),
  );

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-writer-'));
  writer = startPageWriter(path.join(dir, 'threaded'));
});
afterEach(async () => {
  await writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the page writer thread', () => {
  it('writes the files this thread would, into a folder it makes, and leaves an unchanged page alone', async () => {
    const threaded = diskStorage(path.join(dir, 'threaded'));
    const here = diskStorage(path.join(dir, 'here'));
    expect(await writer.write(threaded, profilePageKeys('dana'), page, new Set())).toBe(true);
    expect(await writePageAt(here, profilePageKeys('dana'), page, new Set())).toBe(true);

    const written = filesIn(threaded.root, 'dana');
    expect(Object.keys(written)).toEqual([
      'index.html',
      'index.html.br',
      'index.html.gz',
      'index.html.variants',
    ]);
    expect(written).toEqual(filesIn(here.root, 'dana'));
    expect(decodePageVariants(written['index.html.variants'] as Buffer)?.identity.body.equals(page)).toBe(
      true,
    );

    const variants = path.join(folder(threaded.root, 'dana'), 'index.html.variants');
    const before = fs.statSync(variants).mtimeMs;
    expect(await writer.write(threaded, profilePageKeys('dana'), page, null)).toBe(false);
    expect(fs.statSync(variants).mtimeMs).toBe(before);
  });

  it('writes a page for any other store on the calling thread', async () => {
    const elsewhere = diskStorage(path.join(dir, 'elsewhere'));
    expect(await writer.write(elsewhere, profilePageKeys('sam'), page, null)).toBe(true);
    expect(fs.readFileSync(path.join(folder(elsewhere.root, 'sam'), 'index.html')).equals(page)).toBe(true);
  });

  it("rejects a write the thread couldn't do with its reason, and goes on writing", async () => {
    const threaded = diskStorage(path.join(dir, 'threaded'));
    fs.mkdirSync(path.join(threaded.root, 'u'), { recursive: true });
    // A file where the page's folder should be.
    fs.writeFileSync(folder(threaded.root, 'kim'), 'not a folder');
    await expect(writer.write(threaded, profilePageKeys('kim'), page, null)).rejects.toThrow(
      /ENOTDIR|EEXIST/,
    );
    expect(fs.readdirSync(path.join(threaded.root, 'u')).filter((name) => name.startsWith('.'))).toEqual([]);

    expect(await writer.write(threaded, profilePageKeys('ann'), page, null)).toBe(true);
  });

  it('refuses writes once closed, rather than waiting for a thread that is gone', async () => {
    const threaded = diskStorage(path.join(dir, 'threaded'));
    await writer.close();
    await expect(writer.write(threaded, profilePageKeys('dana'), page, null)).rejects.toThrow(
      'The thread writing pages stopped.',
    );
  });
});
