import { createHash, type Hash, randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { uploadsRefused } from '../../observability/metrics';
import { invalid } from '../http/errors';
import { contentIdOf, MAX_UPLOAD_BYTES } from './intake';

/**
 * A photo taken from a multipart form, held in a temp file until the request is done with it. The event loop never
 * reads it back: its header is read from the file and its pixels by a render thread, and its content id is hashed
 * as it arrives, so an upload costs the main thread no copies of the photo (each would be more garbage to collect).
 */
export class UploadedPhoto {
  private id: string | undefined;
  constructor(
    readonly field: string,
    readonly file: string,
    private readonly hash: Hash,
  ) {}
  /** Its content id (intake.ts), once the whole file has arrived. */
  contentId(): string {
    this.id ??= contentIdOf(this.hash.digest());
    return this.id;
  }
}

/** A request refused for its size: answered 413 with `message`, without reading the rest of its body. */
export class TooLarge extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TooLarge';
  }
}

export type FormLimits = {
  /** Photos a form may carry under each field name; a file under any other name is refused at its first byte. */
  photos: Record<string, number>;
  /** Text fields, all together, in bytes. */
  textBytes: number;
  /** Everything, in bytes: a backstop for a body that is neither text nor photos (part headers, padding). */
  totalBytes: number;
  messages: { tooMany: (field: string) => string; notAPhotoField: (field: string) => string };
};

export type UploadForm = {
  values: Record<string, string | UploadedPhoto | (string | UploadedPhoto)[]>;
  /** Removes the temp files; call once the photos have been read, whatever happened. */
  discard: () => Promise<void>;
};

/** A form field's values as a list: none, one, or each of those sent under the name. */
export const entries = (value: UploadForm['values'][string] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export const PHOTO_TOO_LARGE = (label: string) =>
  `${label} is larger than 10 MB. Please choose a smaller photo.`;
export const UPLOAD_TOO_LARGE = 'That upload is too large. Each photo can be up to 10 MB.';
export const TEXT_TOO_LARGE = 'Request body is too large.';
/** A card has about 40 text fields; the editor sends each once (SPEC §5). */
const MAX_FIELDS = 200;

/**
 * Reads a multipart form as it arrives, each photo straight to a temp file under `tempRoot`. It stops at the first
 * thing over a limit (a photo over 10 MB, one photo too many, too much text) and throws before the rest of the body
 * is read: the caller answers at once, and the server drops what the client is still sending. On any refusal the
 * temp files are gone before the error leaves here.
 */
export async function readUploadForm(
  request: Request,
  tempRoot: string,
  limits: FormLimits,
  /** Names a photo for a person ("Work image 3"), from its field, its place there and the fields read so far. */
  label: (field: string, index: number, before: UploadForm['values']) => string,
): Promise<UploadForm> {
  const dir = path.join(tempRoot, `upload-${randomBytes(8).toString('hex')}`);
  const discard = () => rm(dir, { recursive: true, force: true });
  const values: UploadForm['values'] = {};
  const add = (name: string, value: string | UploadedPhoto) => {
    const current = values[name];
    if (current === undefined) values[name] = value;
    else if (Array.isArray(current)) current.push(value);
    else values[name] = [current, value];
  };
  const counts = new Map<string, number>();
  let textBytes = 0;
  let totalBytes = 0;

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      defParamCharset: 'utf8',
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        fieldSize: limits.textBytes + 1,
        // Empty fields cost no text bytes, so their number is capped on its own.
        fields: MAX_FIELDS,
        files: Object.values(limits.photos).reduce((sum, n) => sum + n, 0) + 1,
      },
    });
  } catch {
    // No boundary, or not multipart at all.
    throw invalid('The upload could not be read. Please try again.');
  }
  const reader = request.body?.getReader();
  let refusal: Error | null = null;
  const writes: Promise<void>[] = [];
  const sinks: WriteStream[] = [];
  const open = new Set<NodeJS.ReadableStream & { destroy(): void }>();
  let stopped: () => void = () => {};
  const stop = new Promise<void>((resolve) => {
    stopped = resolve;
  });
  const refuse = (error: Error) => {
    refusal ??= error;
    for (const stream of open) stream.destroy();
    stopped();
  };

  const done = new Promise<void>((resolve, reject) => {
    parser.on('field', (name: string | undefined, value, info) => {
      textBytes += Buffer.byteLength(name ?? '') + Buffer.byteLength(value);
      if (info.valueTruncated || textBytes > limits.textBytes) {
        uploadsRefused.inc({ reason: 'too_large' });
        refuse(new TooLarge(TEXT_TOO_LARGE));
        return;
      }
      // A part without a name is no field of ours; it still counted towards the limits.
      if (name !== undefined) add(name, value);
    });
    parser.on('file', (given: string | undefined, stream) => {
      const name = given ?? 'a field without a name';
      // A file cut short by a refusal errors; the refusal is what gets answered.
      stream.on('error', () => {});
      const allowed = limits.photos[name];
      if (allowed === undefined || refusal) {
        if (!refusal) refuse(invalid(limits.messages.notAPhotoField(name)));
        stream.resume();
        return;
      }
      const index = counts.get(name) ?? 0;
      counts.set(name, index + 1);
      if (index + 1 > allowed) {
        uploadsRefused.inc({ reason: 'too_many' });
        refuse(invalid(limits.messages.tooMany(name)));
        stream.resume();
        return;
      }
      // A name of our own: the client's file name never reaches the disk.
      const file = path.join(dir, `${name}-${index}`);
      // Placed now, so photos keep the order they were sent in whichever finishes writing first.
      const hash = createHash('sha256');
      add(name, new UploadedPhoto(name, file, hash));
      stream.on('limit', () => {
        uploadsRefused.inc({ reason: 'too_large' });
        refuse(new TooLarge(PHOTO_TOO_LARGE(label(name, index, values))));
      });
      open.add(stream);
      stream.on('close', () => open.delete(stream));
      // Piped at once: a stream destroyed before its pipe is attached would leave the pipe waiting for ever.
      const sink = createWriteStream(file, { mode: 0o600 });
      sinks.push(sink);
      writes.push(
        pipeline(
          stream,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              hash.update(chunk);
              yield chunk;
            }
          },
          sink,
        ),
      );
    });
    parser.on('fieldsLimit', () => {
      uploadsRefused.inc({ reason: 'too_large' });
      refuse(new TooLarge(TEXT_TOO_LARGE));
    });
    parser.on('filesLimit', () => {
      uploadsRefused.inc({ reason: 'too_many' });
      refuse(invalid(limits.messages.tooMany('works')));
    });
    parser.on('error', reject);
    parser.on('close', resolve);
  });
  done.catch(() => {});

  try {
    if (!reader) throw invalid('The upload could not be read. Please try again.');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Pulled chunk by chunk, never faster than the parser and the disk take it, and given up the moment a limit is
    // passed: the reader is released, not cancelled, so the response can still be written on the same connection.
    for (;;) {
      if (refusal) break;
      const { done: ended, value } = await reader.read();
      if (ended) {
        parser.end();
        break;
      }
      totalBytes += value.length;
      if (totalBytes > limits.totalBytes) {
        uploadsRefused.inc({ reason: 'too_large' });
        refuse(new TooLarge(UPLOAD_TOO_LARGE));
        break;
      }
      if (!parser.write(value))
        await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), stop]);
    }
    reader.releaseLock();
    if (!refusal) {
      await done.catch(() => {
        throw invalid('The upload could not be read. Please try again.');
      });
      await Promise.all(writes);
    }
    if (refusal) throw refusal;
    return { values, discard };
  } catch (error) {
    parser.destroy();
    // A busboy file stream destroyed part-way never settles its pipe, so the files are closed here, then removed.
    for (const promise of writes) promise.catch(() => {});
    await Promise.all(
      sinks.map((sink) =>
        sink.closed ? null : new Promise<void>((resolve) => sink.destroy().once('close', () => resolve())),
      ),
    );
    await discard();
    throw error;
  }
}
