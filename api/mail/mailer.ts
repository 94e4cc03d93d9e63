import type { SendMailOptions, Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';
import { writeOutboxFile } from './outbox-file';

/** A file sent with a mail: an enquiry's photo. */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** RFC 8058: the address a mail client POSTs `List-Unsubscribe=One-Click` to, for its own unsubscribe button. */
  listUnsubscribe?: string;
  attachments?: MailAttachment[];
};

export type Mailer = { send(message: MailMessage): Promise<void> };

export type MailerOptions = {
  /** `outbox` to write `.eml` files into `outboxDir`, or an `smtp://` / `smtps://` URL. */
  mail: string;
  from: string;
  outboxDir: string;
};

export function createMailer(options: MailerOptions): Mailer {
  const { mail, from, outboxDir } = options;
  if (mail === 'outbox') {
    // Let nodemailer render the message itself so the file is byte-for-byte what SMTP would carry.
    const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return mailerOver(transporter, from, async (info) => {
      if (!Buffer.isBuffer(info.message))
        throw new Error('Outbox transport did not return a buffered message');
      await writeOutboxFile(outboxDir, info.message);
    });
  }
  if (/^smtps?:\/\//i.test(mail)) {
    // nodemailer waits up to 2 minutes to connect and 10 for a silent server; a mail the sender can't hand over
    // within a minute is better retried later than left holding the queue (and a shutdown). The URL may override.
    const transport = nodemailer.createTransport({
      url: mail,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    return mailerOver(transport, from, () => {});
  }
  throw new Error(
    `Unsupported mail setting ${describeSetting(mail)}: expected "outbox" or an smtp:// or smtps:// URL`,
  );
}

// The single place a message becomes nodemailer options, shared by every transport so none can drift.
function mailerOver<Info>(
  transporter: Transporter<Info>,
  from: string,
  afterSend: (info: Info) => Promise<void> | void,
): Mailer {
  return {
    async send(message) {
      const info = await transporter.sendMail(toSendMailOptions(from, message));
      await afterSend(info);
    },
  };
}

function toSendMailOptions(from: string, message: MailMessage): SendMailOptions {
  const { to, subject, text, html, replyTo, listUnsubscribe, attachments } = message;
  return {
    from,
    to,
    subject,
    text,
    html,
    ...(replyTo ? { replyTo } : {}),
    ...(listUnsubscribe ? { headers: oneClickUnsubscribe(listUnsubscribe) } : {}),
    ...(attachments?.length
      ? {
          attachments: attachments.map(({ filename, contentType, content }) => ({
            filename,
            contentType,
            content: Buffer.from(content.buffer, content.byteOffset, content.byteLength),
          })),
        }
      : {}),
  };
}

/** RFC 8058 §3.1: the HTTPS address in angle brackets, and the POST body a mail client must send to it. */
const oneClickUnsubscribe = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

// A mistyped URL may still carry a password, so only its scheme is repeated back in the error.
function describeSetting(mail: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(mail)?.[1];
  if (scheme) return `with scheme "${scheme}:"`;
  return mail === '' ? '(empty)' : `"${mail}"`;
}
