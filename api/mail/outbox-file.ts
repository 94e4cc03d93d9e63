import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Outbox readers list `*.eml`; anything else in the folder (such as a write in progress) is not a message.
export const OUTBOX_EXTENSION = '.eml';

let lastStampMs = 0;

// Names must sort in send order. Two sends in the same millisecond would otherwise tie and be
// ordered by their random suffix, so within one process the stamp is nudged forward instead.
function nextStampMs(): number {
  lastStampMs = Math.max(Date.now(), lastStampMs + 1);
  return lastStampMs;
}

export function outboxFileName(stampMs: number, suffix: string): string {
  const sortableTime = new Date(stampMs).toISOString().replace(/[:.]/g, '-');
  return `${sortableTime}-${suffix}${OUTBOX_EXTENSION}`;
}

/** Writes one raw RFC 822 message into the outbox so that readers only ever see complete files. */
export async function writeOutboxFile(outboxDir: string, rawMessage: Buffer): Promise<string> {
  await mkdir(outboxDir, { recursive: true });
  const finalName = outboxFileName(nextStampMs(), randomBytes(4).toString('hex'));
  const finalPath = path.join(outboxDir, finalName);
  // Same folder as the final file so the rename stays on one filesystem and is atomic.
  const tempPath = path.join(outboxDir, `.${finalName}.${process.pid}.tmp`);
  try {
    await writeFile(tempPath, rawMessage, { flag: 'wx' });
    await rename(tempPath, finalPath);
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  return finalPath;
}
