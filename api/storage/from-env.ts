import path from 'node:path';
import type { Env } from '../env';
import { type DiskStorage, diskStorageAt } from './disk';
import { type S3Storage, s3Storage } from './s3';

/** The store configuration names: DATA_DIR/public by default, the bucket with STORAGE=s3 (readEnv checked its settings). */
export function storageFromEnv(env: Env): DiskStorage | S3Storage {
  if (env.STORAGE === 'disk') return diskStorageAt(path.join(env.dataDir, 'public'));
  return s3Storage({
    endpoint: env.S3_ENDPOINT as string,
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
  });
}
