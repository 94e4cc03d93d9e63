import { randomUUID } from 'node:crypto';
import { log } from '../../observability/log';
import { mailsFailed, mailsSent } from '../../observability/metrics';
import type { Deps } from '../deps';
import {
  claimDueMail,
  markMailGivenUp,
  markMailRetry,
  markMailSent,
  pruneFinishedMail,
  type QueuedMail,
  queuedMessageWithFiles,
  releaseMailClaims,
  takeOverMailClaims,
} from './queue';

export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60_000;
/** A mail still failing a day after it was queued is no use to anyone (codes last 10 minutes, links an hour). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/**
 * Longer than any one SMTP exchange can take (nodemailer's own timeouts are minutes). A sender that dies holding
 * claims is not waited out: the next leader takes them over as it starts sending (takeOverMailClaims). The lease is
 * for a sender still alive that hangs.
 */
export const CLAIM_MS = 15 * 60_000;
export const BATCH_SIZE = 10;
export const POLL_MS = 5_000;
/** How long a stopping server waits for the send in progress, within the time a container is given to stop. */
export const STOP_WAIT_MS = 5_000;
export const KEEP_FINISHED_MS = 30 * 24 * 60 * 60_000;

export type SenderDeps = Pick<Deps, 'db' | 'mailer' | 'now'> & {
  /** 0 ≤ x < 1, for the jitter; tests pass a fixed one. */
  random?: () => number;
};

/** 30 s, 1 min, 2 min … capped at an hour, ±20 % so mails refused together don't all come back together. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

// Addresses are reduced to their domain: the error is stored and logged, and the person needn't be.
const maskAddresses = (text: string) => text.replace(/[^\s<>"'(),;:@]+@([a-z0-9.-]+)/gi, '…@$1');

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return maskAddresses(message).slice(0, 500);
}

const recipientDomain = (address: string) =>
  /@([^\s<>@]+)>?\s*$/.exec(address)?.[1]?.toLowerCase() ?? '(unknown)';

export type SendOutcome = { sent: number; retrying: number; gaveUp: number };

async function recordFailure(deps: SenderDeps, owner: string, row: QueuedMail, error: unknown) {
  const now = deps.now();
  const attempts = row.attempts + 1;
  const lastError = describeFailure(error);
  if (now.getTime() - Date.parse(row.created_at) >= GIVE_UP_AFTER_MS) {
    await markMailGivenUp(deps.db, row.id, owner, { attempts, lastError, at: now });
    mailsFailed.inc({ outcome: 'gave_up' });
    log.error(
      { mailId: row.id, recipientDomain: recipientDomain(row.to_address), attempts, lastError },
      'Gave up on a mail still failing a day after it was queued',
    );
    return 'gaveUp' as const;
  }
  const nextAttemptAt = new Date(now.getTime() + retryDelayMs(attempts, deps.random));
  await markMailRetry(deps.db, row.id, owner, { attempts, lastError, nextAttemptAt });
  mailsFailed.inc({ outcome: 'retry' });
  log.warn(
    { mailId: row.id, recipientDomain: recipientDomain(row.to_address), attempts, lastError, nextAttemptAt },
    'Sending a mail failed; will retry',
  );
  return 'retrying' as const;
}

/**
 * Sends every mail due now, oldest first, in small claimed batches, each through the configured mailer; a failure
 * is rescheduled with backoff, or given up once the mail is a day old. `shouldStop` is asked before each send:
 * the send in progress finishes, and rows claimed but not tried are handed back.
 */
export async function sendDueMail(
  deps: SenderDeps,
  options: { batchSize?: number; shouldStop?: () => boolean } = {},
): Promise<SendOutcome> {
  const { batchSize = BATCH_SIZE, shouldStop = () => false } = options;
  const owner = randomUUID();
  const outcome: SendOutcome = { sent: 0, retrying: 0, gaveUp: 0 };
  try {
    while (!shouldStop()) {
      const now = deps.now();
      const batch = await claimDueMail(deps.db, owner, now, {
        limit: batchSize,
        until: new Date(now.getTime() + CLAIM_MS),
      });
      if (batch.length === 0) break;
      for (const row of batch) {
        if (shouldStop()) break;
        try {
          await deps.mailer.send(await queuedMessageWithFiles(deps.db, row));
        } catch (error) {
          outcome[await recordFailure(deps, owner, row, error)] += 1;
          continue;
        }
        await markMailSent(deps.db, row.id, owner, deps.now());
        mailsSent.inc();
        outcome.sent += 1;
      }
    }
  } finally {
    await releaseMailClaims(deps.db, owner);
  }
  return outcome;
}

export type MailSender = { nudge(): void; stop(): Promise<void> };

/**
 * The server's mail loop, run by the leader: runs at once (mail queued before a restart goes out), when nudged after
 * a commit that queued mail, and every few seconds for retries and for mail other processes queued. One pass at a
 * time; a nudge during a pass makes another pass follow it. Its first pass takes over the claims a previous leader
 * left (killed, or deposed mid-send: then the one mail it was sending may go twice, which is better than late).
 */
export function startMailSender(
  deps: SenderDeps,
  options: { pollMs?: number; stopWaitMs?: number } = {},
): MailSender {
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  let prunedAt = 0;
  let tookOver = false;

  const pass = async () => {
    if (!tookOver) {
      const taken = await takeOverMailClaims(deps.db);
      tookOver = true;
      if (taken > 0)
        log.info({ mails: taken }, 'Took over the mail a previous sender had claimed and not sent');
    }
    const now = deps.now().getTime();
    if (now - prunedAt >= 60 * 60_000) {
      prunedAt = now;
      await pruneFinishedMail(deps.db, new Date(now - KEEP_FINISHED_MS));
    }
    await sendDueMail(deps, { shouldStop: () => stopped });
  };

  const nudge = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((err: unknown) => log.error({ err }, 'Sending queued mail failed; will retry'));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const timer = setInterval(nudge, options.pollMs ?? POLL_MS);
  timer.unref();
  nudge();
  return {
    nudge,
    /**
     * Stops polling and waits for the send in progress (seconds at most with a working mail server). One that
     * hangs is left after `stopWaitMs`: its claim lapses and the mail is retried by the next sender.
     */
    async stop() {
      stopped = true;
      clearInterval(timer);
      let waited: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        running,
        new Promise((resolve) => {
          waited = setTimeout(resolve, options.stopWaitMs ?? STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
    },
  };
}
