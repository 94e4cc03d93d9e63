import path from 'node:path';
import { restoreStoredMedia } from '../api/media/copy-media';
import { OWNER_ONLY_UMASK } from '../api/process/file-modes';
import {
  exitOnStartupProblem,
  NOTHING_TO_WAKE,
  openRuntime,
  readEnvOrExit,
  renderTargetOf,
} from '../api/runtime';
import { rebuildProfiles } from '../renderer/rebuild';
import { serverRunning } from './server-running';

process.umask(OWNER_ONLY_UMASK);

// Moves an install's public files from DATA_DIR/public into the bucket STORAGE=s3 names (ADR 026): every photo the
// disk holds (content-addressed, so a second run copies only what the bucket still lacks), then every page, vCard
// and QR code rendered afresh into the bucket from the database. The disk is only read.
const env = readEnvOrExit();
if (env.STORAGE !== 's3') {
  console.error(
    'Set STORAGE=s3 and the S3_* variables of the bucket to move into (the same as the servers will run with).',
  );
  process.exit(2);
}
if (serverRunning(env.dataDir)) {
  console.error(
    'A server is running on this data folder. Stop it first: pages it renders meanwhile would stay on the disk.',
  );
  process.exit(1);
}
const { deps, database } = await openRuntime(env, NOTHING_TO_WAKE).catch(exitOnStartupProblem);
try {
  const started = performance.now();
  const mediaDir = path.join(env.dataDir, 'public', 'media');
  const photos = await restoreStoredMedia(mediaDir, deps.storage);
  const pages = await rebuildProfiles(deps.db, renderTargetOf(env, deps));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Copied ${photos} photo files from ${mediaDir} and rendered ${pages.rendered} profile pages into the bucket in ${seconds} s.`,
  );
  console.log(
    'Start the servers with the same STORAGE=s3 settings; DATA_DIR/public can go once you are satisfied.',
  );
} finally {
  await database.close();
}
