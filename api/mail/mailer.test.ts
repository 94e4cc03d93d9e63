import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer';
import { createMailer } from './mailer';

const FROM = 'TradeCard <no-reply@tradecard.test>';

const message: MailMessage = {
  to: 'Sam Plumber <sam@example.test>',
  subject: 'Your TradeCard verification code — ünïcode',
  text: 'Hi Sam,\n\nYour code is 123456.\n\nThe TradeCard team\n',
  html: '<p>Hi Sam,</p><p>Your code is <b>123456</b>.</p>',
  replyTo: 'support@tradecard.test',
};

const tempDirs: string[] = [];
function makeTempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-mail-'));
  tempDirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function addresses(field: ParsedMail['to'] | ParsedMail['from']) {
  return [field ?? []].flat().flatMap((group) => group.value.map(({ name, address }) => ({ name, address })));
}

function expectSameMessage(parsed: ParsedMail, sent: MailMessage): void {
  expect(addresses(parsed.from)).toEqual([{ name: 'TradeCard', address: 'no-reply@tradecard.test' }]);
  expect(addresses(parsed.to)).toEqual([{ name: 'Sam Plumber', address: 'sam@example.test' }]);
  expect(addresses(parsed.replyTo)).toEqual([{ name: '', address: sent.replyTo }]);
  expect(parsed.subject).toBe(sent.subject);
  expect(parsed.text).toBe(sent.text);
  expect(parsed.html).toBe(sent.html);
}

describe('createMailer in outbox mode', () => {
  it('writes one parseable .eml per send, creating the folder and leaving no temp files', async () => {
    const outboxDir = path.join(makeTempDir(), 'nested', 'outbox');
    const mailer = createMailer({ mail: 'outbox', from: FROM, outboxDir });

    await mailer.send(message);
    expect(fs.readdirSync(outboxDir)).toHaveLength(1);
    await mailer.send({ ...message, subject: 'Second' });

    const names = fs.readdirSync(outboxDir).sort();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]+\.eml$/);

    const [first, second] = await Promise.all(
      names.map(async (name) => simpleParser(fs.readFileSync(path.join(outboxDir, name)))),
    );
    if (!first || !second) throw new Error('expected two messages');
    expectSameMessage(first, message);
    // Names sort by send time, so the newest file is last.
    expect(second.subject).toBe('Second');
  });

  it('keeps names in send order even for sends within the same millisecond', async () => {
    const outboxDir = makeTempDir();
    const mailer = createMailer({ mail: 'outbox', from: FROM, outboxDir });
    for (let i = 0; i < 5; i++) await mailer.send({ ...message, subject: `Message ${i}` });

    const names = fs.readdirSync(outboxDir).sort();
    const subjects = await Promise.all(
      names.map(async (name) => (await simpleParser(fs.readFileSync(path.join(outboxDir, name)))).subject),
    );
    expect(subjects).toEqual(['Message 0', 'Message 1', 'Message 2', 'Message 3', 'Message 4']);
  });

  it('leaves out Reply-To when none is given', async () => {
    const outboxDir = makeTempDir();
    const { replyTo: _unused, ...withoutReplyTo } = message;
    await createMailer({ mail: 'outbox', from: FROM, outboxDir }).send(withoutReplyTo);

    const [name] = fs.readdirSync(outboxDir);
    const raw = fs.readFileSync(path.join(outboxDir, name as string), 'utf8');
    expect(raw).not.toMatch(/^reply-to:/im);
  });

  it('sends a one-click unsubscribe address as RFC 8058 says, and no such header on other mail', async () => {
    const outboxDir = makeTempDir();
    const mailer = createMailer({ mail: 'outbox', from: FROM, outboxDir });
    const url = 'https://tradecard.test/api/weekly-summary/off/acc-1.abc_-';
    await mailer.send({ ...message, subject: 'A', listUnsubscribe: url });
    await mailer.send({ ...message, subject: 'B' });

    const [withLink, without] = fs
      .readdirSync(outboxDir)
      .sort()
      // Unfolded (RFC 5322 §2.2.3): a long header may go on over several lines.
      .map((name) => fs.readFileSync(path.join(outboxDir, name), 'utf8').replace(/\r?\n[ \t]+/g, ' '));
    expect(withLink).toMatch(new RegExp(`^List-Unsubscribe: <${url.replaceAll('.', '\\.')}>$`, 'm'));
    expect(withLink).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(without).not.toMatch(/^list-unsubscribe/im);
  });
});

type ReceivedMail = { envelopeFrom: string | undefined; envelopeTo: string[]; raw: Buffer };

async function startSmtpServer(): Promise<{
  port: number;
  received: Promise<ReceivedMail>;
  close(): Promise<void>;
}> {
  let deliver: (mail: ReceivedMail) => void = () => {};
  const received = new Promise<ReceivedMail>((resolve) => {
    deliver = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        deliver({
          envelopeFrom: mailFrom ? mailFrom.address : undefined,
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('createMailer in SMTP mode', () => {
  it('delivers the same message to a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({
        mail: `smtp://127.0.0.1:${smtp.port}`,
        from: FROM,
        outboxDir: '/unused',
      });
      await mailer.send(message);

      const received = await smtp.received;
      expect(received.envelopeFrom).toBe('no-reply@tradecard.test');
      expect(received.envelopeTo).toEqual(['sam@example.test']);
      expectSameMessage(await simpleParser(received.raw), message);
    } finally {
      await smtp.close();
    }
  });

  it('sends the same headers over SMTP as it writes to the outbox', async () => {
    const smtp = await startSmtpServer();
    const outboxDir = makeTempDir();
    try {
      await createMailer({ mail: `smtp://127.0.0.1:${smtp.port}`, from: FROM, outboxDir }).send(message);
      await createMailer({ mail: 'outbox', from: FROM, outboxDir }).send(message);

      const [name] = fs.readdirSync(outboxDir);
      const fromOutbox = await simpleParser(fs.readFileSync(path.join(outboxDir, name as string)));
      const overSmtp = await simpleParser((await smtp.received).raw);
      const headerNames = (mail: ParsedMail) => mail.headerLines.map((line) => line.key).sort();
      expect(headerNames(overSmtp)).toEqual(headerNames(fromOutbox));
      expect(headerNames(fromOutbox)).toEqual(expect.arrayContaining(['reply-to', 'message-id', 'date']));
    } finally {
      await smtp.close();
    }
  });
});

describe('createMailer settings', () => {
  it('accepts smtps:// URLs without connecting up front', () => {
    expect(() =>
      createMailer({ mail: 'smtps://user:pw@mail.test:465', from: FROM, outboxDir: '/unused' }),
    ).not.toThrow();
  });

  it.each(['', 'sendmail', 'http://mail.test', 'smpt://user:secret@mail.test'])(
    'rejects the unknown mail setting %j',
    (mail) => {
      expect(() => createMailer({ mail, from: FROM, outboxDir: '/unused' })).toThrow(
        /Unsupported mail setting/,
      );
    },
  );

  it('does not repeat credentials from a mistyped URL in the error', () => {
    expect(() =>
      createMailer({ mail: 'smpt://user:secret@mail.test', from: FROM, outboxDir: '/unused' }),
    ).toThrow(expect.objectContaining({ message: expect.not.stringContaining('secret') }));
  });
});
