import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from '../api/mail/mailer';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-outbox-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run outbox', () => {
  it("prints the newest mail with where a reply goes and what is attached, as a quote request's mail has", async () => {
    const outboxDir = path.join(dataDir, 'outbox');
    const mailer = createMailer({ mail: 'outbox', from: 'TradeCard <hello@tradecard.test>', outboxDir });
    await mailer.send({
      to: 'dana@example.com',
      subject: 'Quote request from Pat Customer',
      text: 'Pat Customer asked for a quote.',
      html: '<p>Pat Customer asked for a quote.</p>',
      replyTo: 'pat@example.com',
      attachments: [{ filename: 'photo-1.jpg', contentType: 'image/jpeg', content: Buffer.alloc(3000, 1) }],
    });

    const { stdout } = await run(tsx, ['scripts/outbox.ts'], { env: { ...process.env, DATA_DIR: dataDir } });

    expect(stdout).toContain('=== Quote request from Pat Customer → dana@example.com');
    expect(stdout).toContain('Reply-To: pat@example.com');
    expect(stdout).toContain('Pat Customer asked for a quote.');
    expect(stdout).toMatch(/Attached \(open .*outbox.*\.eml in a mail program to see them\):/);
    expect(stdout).toContain('  photo-1.jpg  image/jpeg  3 KB');
  });
});
