import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  changeListeners,
  checkKey,
  type ObjectHeaders,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from './storage';

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prepended to every key (e.g. `tradecard/`), for a bucket shared with something else. */
  prefix: string;
};

export type S3Storage = Storage & {
  readonly kind: 's3';
  readonly client: S3Client;
  readonly settings: S3Settings;
};

/** What the SDK throws carries the HTTP status; a 304 and a 404 are answers here, not failures. */
const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** One request as the app sees it: S3's name for the operation, its outcome, and its time, retries included. */
export type S3Request = { operation: string; outcome: 'ok' | 'error'; seconds: number };

/**
 * Tells `onRequest` of every request the client sends, whoever sends it (the store's methods, a start-up check).
 * First in the stack, so its time spans the SDK's retries and an error is one the caller saw. A 304, or a 404 for
 * an object, is an answer the store expects; a missing bucket is not.
 */
function observeRequests(client: S3Client, onRequest: (request: S3Request) => void) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const started = performance.now();
      const operation = (context.commandName ?? 'Unknown').replace(/Command$/, '');
      const report = (outcome: S3Request['outcome']) =>
        onRequest({ operation, outcome, seconds: (performance.now() - started) / 1000 });
      try {
        const output = await next(args);
        report('ok');
        return output;
      } catch (error) {
        const status = statusOf(error);
        report(status === 304 || (status === 404 && operation !== 'HeadBucket') ? 'ok' : 'error');
        throw error;
      }
    },
    { step: 'initialize', priority: 'high', name: 'observeRequests' },
  );
}

/** A single-part upload's ETag is the MD5 of its bytes (not so with SSE-KMS, where we simply write again). */
const md5Tag = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

/**
 * An S3-compatible bucket through @aws-sdk/client-s3 (STORAGE=s3). Each object carries the Content-Type,
 * Content-Encoding and Cache-Control the app serves it with (key-layout.ts), so a CDN can serve the bucket as is.
 * Bodies are always whole Buffers (pages and photos are in memory anyway): a known length means a plain signed PUT,
 * never aws-chunked encoding, which S3-compatible servers support unevenly. `onRequest` hears of every request, for
 * the caller's metrics: this room knows nothing of how they are kept.
 */
export function s3Storage(
  settings: S3Settings,
  extra: Partial<S3ClientConfig> = {},
  options: { onRequest?: (request: S3Request) => void } = {},
): S3Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A request stuck on a dead connection must fail (and be retried by the SDK) rather than hold a render.
    requestHandler: { connectionTimeout: 5000, requestTimeout: 30_000 },
    ...extra,
  });
  if (options.onRequest) observeRequests(client, options.onRequest);
  const Bucket = settings.bucket;
  const full = (key: string) => `${settings.prefix}${checkKey(key)}`;
  const changes = changeListeners();

  async function* list(prefix: string): AsyncGenerator<ObjectInfo> {
    checkKey(prefix, { prefix: true });
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket, Prefix: `${settings.prefix}${prefix}`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        yield {
          key: object.Key.slice(settings.prefix.length),
          size: object.Size ?? 0,
          lastModified: object.LastModified ?? new Date(0),
        };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  const storage: S3Storage = {
    kind: 's3',
    client,
    settings,

    async put(key: string, body: Uint8Array | string, headers: ObjectHeaders) {
      // Durability is the bucket's: S3 acknowledges a PUT once it is stored redundantly.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: full(key),
          Body: Buffer.from(body),
          ContentType: headers.contentType,
          CacheControl: headers.cacheControl,
          ContentEncoding: headers.contentEncoding,
          ContentDisposition: headers.contentDisposition,
        }),
      );
      changes.notify(key);
    },

    async putIfChanged(key: string, body: Uint8Array | string, headers: ObjectHeaders) {
      const bytes = Buffer.from(body);
      const current = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) })).catch((error) => {
        if (statusOf(error) === 404) return null;
        throw error;
      });
      const same =
        current?.ETag === md5Tag(bytes) &&
        current.ContentType === headers.contentType &&
        current.CacheControl === headers.cacheControl &&
        (current.ContentEncoding ?? undefined) === headers.contentEncoding &&
        (current.ContentDisposition ?? undefined) === headers.contentDisposition;
      if (same) return false;
      await storage.put(key, bytes, headers);
      return true;
    },

    async get(key: string, options: { ifNoneMatch?: string } = {}) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: full(key), IfNoneMatch: options.ifNoneMatch }),
        );
        const body = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
        const object: StoredObject = {
          body,
          etag: answer.ETag ?? md5Tag(body),
          lastModified: answer.LastModified ?? new Date(0),
          headers: {
            contentType: answer.ContentType ?? 'application/octet-stream',
            cacheControl: answer.CacheControl ?? '',
            ...(answer.ContentEncoding ? { contentEncoding: answer.ContentEncoding } : {}),
            ...(answer.ContentDisposition ? { contentDisposition: answer.ContentDisposition } : {}),
          },
        };
        return object;
      } catch (error) {
        if (statusOf(error) === 304) return 'not-modified';
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    async head(key: string) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return { key, size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    async delete(key: string) {
      // S3 answers a delete of a missing key with success too: ask first, so the count is true.
      const there = (await storage.head(key)) !== null;
      if (there) {
        await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
        changes.notify(key);
      }
      return there;
    },

    async deletePrefix(prefix: string) {
      let batch: string[] = [];
      let count = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const answer = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0)
          throw new Error(`Could not delete ${failed.length} objects under ${prefix}: ${failed[0]?.Message}`);
        count += batch.length;
        batch = [];
      };
      for await (const object of list(prefix)) {
        batch.push(`${settings.prefix}${object.key}`);
        if (batch.length === DELETE_BATCH) await flush();
      }
      await flush();
      changes.notify(prefix);
      return count;
    },

    async folders(prefix: string) {
      // Listed whole rather than with a Delimiter, which not every S3-compatible server answers (s3rver does not).
      const names = new Set<string>();
      for await (const { key } of list(prefix)) {
        const rest = key.slice(prefix.length);
        if (rest.includes('/')) names.add(rest.slice(0, rest.indexOf('/')));
      }
      return [...names];
    },

    list,
    onChanged: changes.on,
  };
  return storage;
}
