import { listOutboxFiles, type OutboxMessage, readOutboxMessage } from '../../../../api/mail/outbox-reader';

/**
 * The newest message in an outbox folder that matches, waiting for it: the server sends mail just after the commit
 * that queued it, so a reader that looks right after the request may be a few milliseconds early. `after` skips
 * the messages already there before the action (a count of files), for a second message of the same kind.
 */
export async function waitForMail(
  outboxDir: string,
  match: (mail: OutboxMessage) => boolean,
  options: { after?: number; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const { after = 0, timeoutMs = 10_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = ((await listOutboxFiles(outboxDir)) ?? []).slice(after);
    const mails = await Promise.all(files.map((file) => readOutboxMessage(file)));
    const found = mails.findLast(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching mail in ${outboxDir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** How many messages the outbox holds now, for `waitForMail`'s `after`. */
export const mailCount = async (outboxDir: string) => ((await listOutboxFiles(outboxDir)) ?? []).length;

/** Whether a message went to exactly this address, not merely to one ending in it (planbuyer@… ends in buyer@…). */
export const sentTo = (mail: Pick<OutboxMessage, 'to'>, address: string) =>
  mail.to
    .split(',')
    .map((recipient) => (/<([^>]+)>/.exec(recipient)?.[1] ?? recipient).trim().toLowerCase())
    .includes(address.toLowerCase());
