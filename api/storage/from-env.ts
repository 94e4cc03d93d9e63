import path from 'node:path';
import { s3RequestDuration, s3Requests } from '../../observability/metrics';
import { type DiskStorage, diskStorageAt } from '../../platform/storage/disk';
import type { S3Request, S3Storage } from '../../platform/storage/s3';
import type { Env } from '../env';
import { StartupProblem } from '../process/startup-problem';

/** Every request to the bucket, counted and timed, so an alert sees the first one that fails (issue 27). */
const countS3Request = ({ operation, outcome, seconds }: S3Request) => {
  s3Requests.inc({ operation, outcome });
  s3RequestDuration.observe({ operation }, seconds);
};

/**
 * The store configuration names: DATA_DIR/public by default, the bucket with STORAGE=s3 (readEnv checked its
 * settings). The S3 client is loaded only for a bucket: 12 MB a server on its disk needn't hold (issue 29).
 */
export async function storageFromEnv(env: Env): Promise<DiskStorage | S3Storage> {
  if (env.STORAGE === 'disk') return diskStorageAt(path.join(env.dataDir, 'public'));
  const { s3Storage } = await import('../../platform/storage/s3');
  return s3Storage(
    {
      endpoint: env.S3_ENDPOINT as string,
      bucket: env.S3_BUCKET as string,
      region: env.S3_REGION as string,
      accessKeyId: env.S3_ACCESS_KEY_ID as string,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX,
    },
    {},
    { onRequest: countS3Request },
  );
}

/**
 * A bucket that is not there, or refuses these credentials, stops start-up with one sentence naming the settings,
 * rather than failing every render and upload afterwards. The disk was checked with DATA_DIR (api/process/data-dir.ts).
 */
export async function checkStorage(storage: DiskStorage | S3Storage): Promise<void> {
  if (storage.kind === 'disk') return;
  const { bucket, endpoint } = storage.settings;
  const { HeadBucketCommand } = await import('@aws-sdk/client-s3');
  try {
    await storage.client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const cause =
      status === 404
        ? 'there is no such bucket'
        : status === 403 || status === 401
          ? 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are refused'
          : (error as Error).message || (error as Error).name;
    throw new StartupProblem(
      `STORAGE=s3: the bucket S3_BUCKET=${bucket} at S3_ENDPOINT=${endpoint} cannot be used: ${cause}.`,
    );
  }
}
