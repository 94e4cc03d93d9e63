import { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ImageRef } from '../../events/card/content';
import type { Db } from '../../platform/database/db';
import type { Storage } from '../../platform/storage/storage';
import { pageAddress } from '../../renderer/render-account';
import type { UserRow } from '../accounts/users';
import { EXPORT_PARTS, exportSource } from './parts';
import { photoFile, photosOfAccount, readLargest } from './photos';

type JsonFile = { file: string; about: string; body: string };

const SLICE_BYTES = 64 * 1024;

function* slices(bytes: Buffer) {
  for (let start = 0; start < bytes.length; start += SLICE_BYTES)
    yield bytes.subarray(start, start + SLICE_BYTES);
}

const PHOTOS_ABOUT =
  'Every photo you have uploaded that we still keep, and those customers sent with quote requests, at the ' +
  'largest size we keep, as WebP. Each is named by its id, the name card.json, enquiries.json or reviews.json gives it.';

/** README.txt: what each file of this zip holds, listing only the files it has. */
function readme(
  siteName: string,
  user: UserRow,
  pageUrl: string,
  day: string,
  files: JsonFile[],
  photos: number,
): string {
  const lines = [
    ...files.map(({ file, about }) => ({ file, about })),
    ...(photos > 0 ? [{ file: 'photos/', about: PHOTOS_ABOUT }] : []),
  ];
  const width = Math.max(...lines.map(({ file }) => file.length)) + 2;
  return [
    `Your ${siteName} data`,
    '',
    `Downloaded on ${day} for the account ${user.username} (${user.email}), whose page is ${pageUrl}.`,
    '',
    ...lines.map(({ file, about }) => `${file.padEnd(width)}${about}`),
    '',
    'The .json files are JSON, which any text editor opens and other services can read. Times are in UTC',
    '(ISO 8601); amounts are in pence. Your password is not here: we keep only a one-way hash of it.',
    '',
  ].join('\r\n');
}

export type ExportOptions = {
  db: Db;
  storage: Storage;
  publicUrl: string;
  /** The product's name, as the README names it. */
  siteName: string;
  now: Date;
  /** Told when the zip fails part-way (a photo that can't be read): the download then fails, never comes short. */
  onError: (error: Error) => void;
};

/**
 * The account's data as a zip, streamed: the JSON parts are read before the first byte (so a failure there is an
 * ordinary error answer), the photos one at a time as the zip reaches them, each only once the client has taken
 * what came before (yazl pipes with backpressure), so memory holds one photo whatever the account's number of them.
 */
export async function exportZip(user: UserRow, options: ExportOptions): Promise<ReadableStream<Uint8Array>> {
  const source = await exportSource(options.db, user, options.publicUrl);
  const files: JsonFile[] = [];
  for (const part of EXPORT_PARTS) {
    const content = await part.read(source);
    if (content !== null) files.push({ ...part, body: `${JSON.stringify(content, null, 2)}\n` });
  }
  const photos = await photosOfAccount(
    options.db,
    user.id,
    source.card?.content ?? null,
    source.enquiries,
    source.reviews,
  );
  const day = options.now.toISOString().slice(0, 10);
  const pageUrl = pageAddress(options.publicUrl, user.username);

  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  zip.on('error', (error: Error) => {
    options.onError(error);
    output.destroy(error);
  });
  const entry = { mtime: options.now, mode: 0o100644 };
  zip.addBuffer(
    Buffer.from(readme(options.siteName, user, pageUrl, day, files, photos.length)),
    'README.txt',
    entry,
  );
  for (const { file, body } of files) zip.addBuffer(Buffer.from(body), file, entry);
  // WebP is compressed already: stored as it is.
  for (const photo of photos)
    zip.addReadStreamLazy(photoFile(photo.id), { ...entry, compress: false }, read(photo));
  zip.end();
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;

  function read(photo: ImageRef) {
    return (done: (error: Error | null, stream: NodeJS.ReadableStream) => void) => {
      readLargest(options.storage, photo).then(
        // In slices, so the zip's pipes can stop partway through a photo while the client catches up: given as
        // one chunk, a photo would pass through whole, and the next be read while it waits.
        (bytes) => done(null, Readable.from(slices(bytes), { objectMode: false })),
        (error: Error) => done(error, new PassThrough().end()),
      );
    };
  }
}
