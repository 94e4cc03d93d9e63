// Reads the dev outbox (mail setting "outbox") so a developer can see sent mail, e.g. a verification code.
// Usage: npm run outbox -- [--dir DIR] [--all]   (default dir: DATA_DIR/outbox)

import path from 'node:path';
import type { OutboxMessage } from '../api/mail/outbox-reader';
import { listOutboxFiles, readOutboxMessage } from '../api/mail/outbox-reader';
import { readEnvOrExit } from '../api/runtime';

const USAGE = 'Usage: npm run outbox -- [--dir DIR] [--all]';
// The outbox the server writes to: DATA_DIR/outbox, as configured.
const DEFAULT_DIR = path.join(readEnvOrExit().dataDir, 'outbox');

type CliOptions = { dir: string; all: boolean };

function parseArgs(args: string[]): CliOptions {
  const options: CliOptions = { dir: DEFAULT_DIR, all: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--all') options.all = true;
    else if (arg === '--dir' && args[i + 1] !== undefined) options.dir = args[++i] as string;
    else if (arg?.startsWith('--dir=')) options.dir = arg.slice('--dir='.length);
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      console.error(`Unknown argument: ${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

function formatDate(date: Date | undefined): string {
  return date
    ? date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z')
    : '(no date)';
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

function printBody(message: OutboxMessage): void {
  console.log(`\n=== ${message.subject} → ${message.to} (${formatDate(message.date)}) ===`);
  // A quote request's mail answers the customer, not us: say so, as a mail program would.
  if (message.replyTo) console.log(`Reply-To: ${message.replyTo}\n`);
  console.log(message.text.trimEnd() || '(no plain-text body)');
  if (message.attachments.length === 0) return;
  console.log(`\nAttached (open ${message.file} in a mail program to see them):`);
  for (const file of message.attachments)
    console.log(`  ${file.filename}  ${file.contentType}  ${kilobytes(file.content.length)}`);
}

async function main(): Promise<void> {
  const { dir, all } = parseArgs(process.argv.slice(2));
  const files = await listOutboxFiles(dir);
  if (files === undefined) {
    console.log(`No outbox folder at ${dir}: nothing has been sent in outbox mode yet.`);
    return;
  }
  if (files.length === 0) {
    console.log(`The outbox at ${dir} is empty.`);
    return;
  }
  const messages: OutboxMessage[] = [];
  for (const file of files) messages.push(await readOutboxMessage(file));

  console.log(`${messages.length} message(s) in ${dir}, newest last:\n`);
  for (const message of messages) {
    console.log(`${formatDate(message.date)}  ${message.to}  ${message.subject}`);
  }
  const newest = messages.at(-1);
  for (const message of all ? messages : newest ? [newest] : []) printBody(message);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
