import { randomBytes } from 'node:crypto';

export type FormPart =
  | { name: string; value: string }
  /** A file of `size` bytes: `head` first, then zeros, made as they are pulled so no test holds 100 MB. */
  | { name: string; filename: string; head?: Uint8Array; size: number };

/**
 * A multipart body made as it is read, counting the bytes the reader pulled: a test can show the server stopped
 * reading long before the end. Returns the stream, its content type and total length, and the pulled count.
 */
export function streamedForm(parts: FormPart[], chunk = 64 * 1024) {
  const boundary = `----tradecard${randomBytes(8).toString('hex')}`;
  const encoder = new TextEncoder();
  const pieces: (() => Generator<Uint8Array>)[] = [];
  let length = 0;
  const bytes = (data: Uint8Array) => {
    length += data.length;
    pieces.push(function* () {
      yield data;
    });
  };
  for (const part of parts) {
    if ('value' in part) {
      bytes(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
      continue;
    }
    bytes(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
    );
    const head = part.head ?? new Uint8Array(0);
    length += part.size;
    pieces.push(function* () {
      yield head;
      for (let left = part.size - head.length; left > 0; left -= chunk)
        yield new Uint8Array(Math.min(chunk, left));
    });
    bytes(encoder.encode('\r\n'));
  }
  bytes(encoder.encode(`--${boundary}--\r\n`));

  const pulled = { bytes: 0 };
  const all = (function* () {
    for (const piece of pieces) yield* piece();
  })();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = all.next();
      if (next.done) controller.close();
      else {
        pulled.bytes += next.value.length;
        controller.enqueue(next.value);
      }
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, length, pulled };
}

/** The same body as one Buffer, for a real socket. Only for bodies that fit in memory comfortably. */
export async function formBuffer(parts: FormPart[]) {
  const form = streamedForm(parts);
  return {
    body: Buffer.from(await new Response(form.body).arrayBuffer()),
    contentType: form.contentType,
  };
}
