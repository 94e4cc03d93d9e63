import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registry, S3_OPERATIONS } from '../../observability/metrics';
import type { S3Settings } from '../../platform/storage/s3';
import { sampleValue } from '../../tests/support/observability/metrics';
import { freshBucketSettings, s3EnvOf } from '../../tests/support/storage/bucket';
import { readEnv } from '../env';
import { checkStorage, storageFromEnv } from './from-env';

// Issue 27: the bucket the server is configured with counts and times every request it sends, so an operator's
// alert on s3_requests_total{outcome="error"} sees the first failure.

const envFor = (settings: S3Settings) => readEnv(s3EnvOf(settings));

const headers = { contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' };

/** How much each series moved while `work` ran. */
async function moved(work: () => Promise<unknown>) {
  const before = await registry.metrics();
  await work();
  const after = await registry.metrics();
  return (name: string, labels: Record<string, string>) =>
    sampleValue(after, name, labels) - sampleValue(before, name, labels);
}

describe('the configured bucket’s requests', () => {
  it('are counted by operation and outcome and timed, a missing object being an answer', async () => {
    const storage = await storageFromEnv(envFor(await freshBucketSettings()));
    const delta = await moved(async () => {
      await checkStorage(storage);
      await storage.put('u/dana/index.html', '<p>Dana</p>', headers);
      expect(await storage.get('u/dana/index.html')).not.toBeNull();
      expect(await storage.get('u/nobody/index.html')).toBeNull();
    });
    expect(delta('s3_requests_total', { operation: 'HeadBucket', outcome: 'ok' })).toBe(1);
    expect(delta('s3_requests_total', { operation: 'PutObject', outcome: 'ok' })).toBe(1);
    expect(delta('s3_requests_total', { operation: 'GetObject', outcome: 'ok' })).toBe(2);
    expect(delta('s3_requests_total', { outcome: 'error' })).toBe(0);
    expect(delta('s3_request_duration_seconds_count', { operation: 'GetObject' })).toBe(2);
    expect(delta('s3_request_duration_seconds_bucket', { operation: 'PutObject', le: '+Inf' })).toBe(1);
  });

  it('count a failure once, as the app saw it after the SDK’s retries, with the time the retries took', async () => {
    // Nothing listens on port 1: each attempt is refused, and the SDK tries three times before giving up.
    const storage = await storageFromEnv(
      envFor({ ...(await freshBucketSettings()), endpoint: 'http://127.0.0.1:1' }),
    );
    const started = performance.now();
    const delta = await moved(() =>
      expect(storage.put('u/dana/index.html', '<p>Dana</p>', headers)).rejects.toThrow(),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(delta('s3_requests_total', { operation: 'PutObject', outcome: 'error' })).toBe(1);
    expect(delta('s3_requests_total', { operation: 'PutObject', outcome: 'ok' })).toBe(0);
    expect(delta('s3_request_duration_seconds_count', { operation: 'PutObject' })).toBe(1);
    const timed = delta('s3_request_duration_seconds_sum', { operation: 'PutObject' });
    // One observation for the whole call, retries included (their jittered waits may be short: no lower bound).
    expect(timed).toBeGreaterThan(0);
    expect(timed).toBeLessThanOrEqual(seconds);
  });

  it('are pre-created at 0 for every operation the store sends, so a first error is an increase', async () => {
    const source = ['platform/storage/s3.ts', 'api/storage/from-env.ts']
      .map((file) => fs.readFileSync(path.join(import.meta.dirname, '../..', file), 'utf8'))
      .join('\n');
    const sent = [...new Set([...source.matchAll(/new (\w+)Command\(/g)].map((match) => match[1]))];
    expect(sent.length).toBeGreaterThan(5);
    expect(
      sent.filter((operation) => !(S3_OPERATIONS as readonly string[]).includes(operation as string)),
    ).toEqual([]);
    const text = await registry.metrics();
    for (const operation of S3_OPERATIONS)
      expect(text).toMatch(
        new RegExp(`^s3_requests_total\\{operation="${operation}",outcome="error"\\} \\d+$`, 'm'),
      );
  });
});
