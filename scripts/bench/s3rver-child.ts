// Bench-only entry: an S3-compatible server (s3rver, as the tests use: ADR 024) with one empty bucket, in a process
// of its own so that the bench's timing loop and the bucket do not share an event loop. Prints one line once the
// bucket exists; stops on SIGTERM and removes its folder. Usage: tsx scripts/bench/s3rver-child.ts <port> <bucket>
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Storage } from '../../platform/storage/s3';

/** s3rver's own key pair: it refuses any other key id (and checks no signature). */
const S3RVER_KEY = 'S3RVER';

const [port, bucket] = process.argv.slice(2);
if (!port || !bucket) throw new Error('Usage: tsx scripts/bench/s3rver-child.ts <port> <bucket>');

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-s3rver-'));
const server = new S3rver({ port: Number(port), address: '127.0.0.1', silent: true, directory });
await server.run();
const { client } = s3Storage({
  endpoint: `http://127.0.0.1:${port}`,
  bucket,
  region: 'us-east-1',
  accessKeyId: S3RVER_KEY,
  secretAccessKey: S3RVER_KEY,
  forcePathStyle: true,
  prefix: '',
});
await client.send(new CreateBucketCommand({ Bucket: bucket }));
console.log(`s3rver serves bucket ${bucket} at http://127.0.0.1:${port}`);

process.once('SIGTERM', () => {
  void server.close().finally(() => {
    fs.rmSync(directory, { recursive: true, force: true });
    process.exit(0);
  });
});
