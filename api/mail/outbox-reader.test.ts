import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { listOutboxFiles, readOutboxMessage } from './outbox-reader';

const tempDirs: string[] = [];
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function makeTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-outbox-'));
  tempDirs.push(dir);
  return dir;
}

describe('outbox reader', () => {
  it('reports a missing folder as undefined and an empty one as no files', async () => {
    const dir = makeTempDir();
    expect(await listOutboxFiles(path.join(dir, 'missing'))).toBeUndefined();
    expect(await listOutboxFiles(dir)).toEqual([]);
  });

  it('lists sent messages oldest first, skipping writes in progress and other files', async () => {
    const dir = makeTempDir();
    const mailer = createMailer({
      mail: 'outbox',
      from: 'TradeCard <no-reply@tradecard.test>',
      outboxDir: dir,
    });
    await mailer.send({ to: 'a@example.test', subject: 'First', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to: 'b@example.test', subject: 'Second', text: 'code 123456', html: '<p>two</p>' });
    fs.writeFileSync(path.join(dir, '.9999-half-written.eml.1.tmp'), 'From: broken');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not mail');

    const files = (await listOutboxFiles(dir)) ?? [];
    const messages = await Promise.all(files.map(readOutboxMessage));
    expect(messages.map(({ to, subject, text, html }) => ({ to, subject, text, html }))).toEqual([
      { to: 'a@example.test', subject: 'First', text: 'one', html: '<p>one</p>' },
      { to: 'b@example.test', subject: 'Second', text: 'code 123456', html: '<p>two</p>' },
    ]);
    expect(messages[1]?.date).toBeInstanceOf(Date);
  });
});
