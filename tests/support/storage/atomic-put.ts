import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import FilesystemStore from 's3rver/lib/stores/filesystem.js';

/**
 * s3rver 3.7.1 rewrites an object in place and answers the PUT before its bytes are written, so a GET racing a PUT
 * of the same key (or following it at once) can read an empty or half-written object, or fail mid-body. S3 replaces
 * an object whole and reads after a write see it (strong read-after-write consistency), and the bucket cache
 * (api/static/bucket-cache.ts) relies on both; with two instances on one bucket the race is the normal case. So the
 * test server stores each PUT as S3 does: written in full to a temp name beside it, renamed over the object, and
 * only then acknowledged. Its ETag and metadata follow the body (never precede it), so a racing GET sees at worst
 * the new body under the old ETag, which costs a refetch, never a stale body under the new ETag.
 */
FilesystemStore.prototype.putObject = async function putObjectAtomically(object) {
  const file = this.getResourcePath(object.bucket, object.key, 'object');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const body = Buffer.isBuffer(object.content) ? object.content : await buffer(object.content);
  const md5 = createHash('md5').update(body).digest('hex');
  // Not ending in the store's `._S3rver_object` suffix, so no listing shows it.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, body);
  await fs.rename(temporary, file);
  await this.putMetadata(object.bucket, object.key, object.metadata, md5);
  return { size: body.length, md5 };
};
