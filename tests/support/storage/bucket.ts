import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
// Before any server starts: its PUTs replace objects whole, as S3's do.
import './atomic-put';
import { afterAll } from 'vitest';
import { type S3Settings, type S3Storage, s3Storage } from '../../../platform/storage/s3';

/**
 * An S3-compatible server in this process (s3rver, ADR 024), started once per test file on a free port and
 * spoken to only through the AWS SDK, like a real bucket. Each `freshBucket()` is a new, empty bucket.
 */
let server: { port: number; stop: () => Promise<void> } | null = null;

async function start() {
  if (server) return server;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tc-s3rver-'));
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await s3rver.run();
  server = {
    port,
    stop: async () => {
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
  return server;
}

// Registered as the test file imports this helper, so it belongs to that file's run.
afterAll(async () => {
  await server?.stop();
  server = null;
});

/** The settings of a new, empty bucket on the test server; `prefix` as S3_PREFIX. */
export async function freshBucketSettings(prefix = ''): Promise<S3Settings> {
  const { port } = await start();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: `tc-${randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    // s3rver's own pair: it refuses any other key id (it does not check SigV4 signatures).
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
  };
  const storage = s3Storage(settings);
  await storage.client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  return settings;
}

/** A store over a new, empty bucket. */
export async function freshBucket(prefix = ''): Promise<S3Storage> {
  return s3Storage(await freshBucketSettings(prefix));
}

/**
 * Reads objects as the bucket holds them, with the AWS SDK alone (not through the app's store): null for a missing
 * key. One client for every read, as a test may poll.
 */
export function bucketReader(settings: S3Settings) {
  const { client } = s3Storage(settings);
  return async (key: string) => {
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: settings.bucket, Key: `${settings.prefix}${key}` }),
      );
      return {
        body: Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array()),
        contentType: answer.ContentType,
        cacheControl: answer.CacheControl,
        contentEncoding: answer.ContentEncoding,
      };
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  };
}

/** The environment a server or script reads STORAGE=s3 on this bucket from. */
export const s3EnvOf = (settings: S3Settings) => ({
  STORAGE: 's3',
  S3_ENDPOINT: settings.endpoint,
  S3_BUCKET: settings.bucket,
  S3_REGION: settings.region,
  S3_ACCESS_KEY_ID: settings.accessKeyId,
  S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  ...(settings.prefix ? { S3_PREFIX: settings.prefix } : {}),
});
