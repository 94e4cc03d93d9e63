import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpServerOptions = {
  /** Refuse this many messages (a temporary 451 after the data is sent), then accept. */
  refuseFirst?: number;
  /** Recipients whose domain this server always refuses (a permanent 550 at RCPT TO). */
  refuseDomain?: string;
  /** Hold each message this long before answering, to have a send in progress. */
  delayMs?: number;
  /**
   * Hold each recipient this long before accepting it (RCPT TO), before any of the message is taken: a slow server,
   * whose sender may die mid-send with nothing delivered. Changed later with `holdRecipients`.
   */
  holdRecipientsMs?: number;
};

/** A real SMTP server on a free local port, keeping what it accepted, for the mailer and sender tests. */
export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const accepted: ParsedMail[] = [];
  let attempts = 0;
  let started = 0;
  let refusals = options.refuseFirst ?? 0;
  let holdRecipientsMs = options.holdRecipientsMs ?? 0;
  let holding = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    async onRcptTo(address, _session, callback) {
      if (holdRecipientsMs) {
        holding += 1;
        await new Promise((resolve) => setTimeout(resolve, holdRecipientsMs));
        holding -= 1;
      }
      if (options.refuseDomain && address.address.endsWith(`@${options.refuseDomain}`)) {
        attempts += 1;
        const error = Object.assign(new Error(`Mailbox unavailable: <${address.address}>`), {
          responseCode: 550,
        });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      attempts += 1;
      started += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        if (refusals > 0) {
          refusals -= 1;
          return callback(
            Object.assign(new Error('Try again later, we are busy'), { responseCode: 451 }) as Error,
          );
        }
        accepted.push(await simpleParser(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Messages accepted, in order. */
    accepted,
    /** Every message offered, refused or not. */
    get attempts() {
      return attempts;
    },
    /** Messages whose data has started arriving. */
    get started() {
      return started;
    },
    /** From now on, hold each recipient this long before accepting it (0: at once). */
    holdRecipients(ms: number) {
      holdRecipientsMs = ms;
    },
    /** Recipients being held now: a sender is mid-send, and none of that message is taken yet. */
    get holding() {
      return holding;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
