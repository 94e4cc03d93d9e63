import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { OUTBOX_EXTENSION } from './outbox-file';

export type OutboxMessage = {
  file: string;
  date: Date | undefined;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, '' when there is none: where a mail's buttons are. */
  html: string;
  /** Where a reply goes, '' when to the sender: an enquiry's customer. */
  replyTo: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/** Lists outbox files, oldest first; `undefined` when the folder does not exist. */
export async function listOutboxFiles(outboxDir: string): Promise<string[] | undefined> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Dot-files are writes still in progress; file names start with a sortable timestamp.
  return names
    .filter((name) => name.endsWith(OUTBOX_EXTENSION) && !name.startsWith('.'))
    .sort()
    .map((name) => path.join(outboxDir, name));
}

export async function readOutboxMessage(file: string): Promise<OutboxMessage> {
  const parsed = await simpleParser(await readFile(file));
  const recipients = [parsed.to ?? []].flat();
  return {
    file,
    date: parsed.date,
    to: recipients.map((address) => address.text).join(', '),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || '',
    replyTo: parsed.replyTo?.text ?? '',
    attachments: parsed.attachments.map((file) => ({
      filename: file.filename ?? '',
      contentType: file.contentType,
      content: file.content,
    })),
  };
}
