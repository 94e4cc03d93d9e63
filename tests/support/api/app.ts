import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createApp } from '../../../api/app';
import type { Deps } from '../../../api/deps';
import { createMailer } from '../../../api/mail/mailer';
import { sendDueMail } from '../../../api/mail/sender';
import { startLocalStripe } from '../../../api/payments/create';
import { createVisitCounter } from '../../../api/visits/counter';
import { diskStorageAt } from '../../../platform/storage/disk';
import type { RenderTarget } from '../../../renderer/render-account';
import { openTempDatabase, type TestDatabase } from '../events/db';

/**
 * A whole app over a real database (a SQLite file, or a PostgreSQL schema: tests/support/events/db.ts) and a real
 * outbox in a temp folder, with a clock the test moves.
 */
export async function createTestApp(
  overrides: Partial<Deps> = {},
  /** A database of the test's own (which the app then closes), or SQLite whatever the run's database is. */
  options: { database?: TestDatabase; dialect?: 'sqlite' } = {},
) {
  const database = options.database ?? (await openTempDatabase({ dialect: options.dialect }));
  const outboxDir = path.join(database.dir, 'outbox');
  const clock = { time: new Date('2026-11-22T09:00:00Z').getTime() };
  const deps = {
    db: database.db,
    mailer: createMailer({ mail: 'outbox', from: 'TradeCard <hello@tradecard.test>', outboxDir }),
    now: () => new Date(clock.time),
    secret: 'test-secret-test-secret-test-secret-0123',
    publicUrl: 'https://tradecard.test',
    dataDir: database.dir,
    publicDir: path.join(database.dir, 'public'),
    onAppended: () => {},
    // Tests deliver queued mail when they read the outbox (below), so a nudge has nothing to do.
    mailQueued: () => {},
    supportEmail: 'support@tradecard.test',
    adminEmails: [],
    // One proxy in front: tests pick the client's address with the X-Forwarded-For that proxy would send.
    trustProxy: 1,
    // Empty unless a test writes a site there: tests don't depend on whether `npm run build` has run.
    siteDir: path.join(database.dir, 'site'),
    // The server's defaults; a test that fills the disk passes its own statfs.
    readiness: { minFreeMb: 200, maxLagSeconds: 60 },
    // Nothing answers DNS here unless a test starts its own server (tests/support/dns/) and passes its address.
    domains: {
      target: { host: 'tradecard.test', addresses: ['192.0.2.10'] },
      resolver: ['127.0.0.1:9'],
      timeoutMs: 200,
    },
    storage: diskStorageAt(path.join(database.dir, 'public')),
    // Written when a test flushes it (`deps.visits.flush()`), never behind its back.
    visits: createVisitCounter({ db: database.db, now: () => new Date(clock.time), flushEveryMs: 3_600_000 }),
    ...overrides,
  } as Deps;
  // PAYMENTS=local as the server runs it: the Stripe adapter against a simulator on the test's clock, whose signed
  // webhooks go to the app's own /api/webhooks/stripe (in-process here, where nothing listens). Its timer is off:
  // tests move the clock and run what fell due with `payments.tick()`.
  if (!deps.payments) Object.assign(deps, await startLocalStripe(deps, { dbFile: ':memory:', tickMs: 0 }));
  deps.stripeSimulator ??= null;
  const app = createApp(deps);
  deps.stripeSimulator?.sendWebhooksTo(app.fetch);

  const call = async (
    method: string,
    url: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.request(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    // Tests read response fields freely; each assertion is the type check. A file (the data export's zip) has none.
    const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const json = (isJson ? await response.json() : {}) as Record<string, any>;
    return { status: response.status, body: json, headers: response.headers };
  };

  /** Publishes the card as the editor does with photos: a multipart form of these fields, signed in with `token`. */
  const publishForm = async (token: string, entries: [string, string | File][]) => {
    const form = new FormData();
    for (const [key, value] of entries) form.append(key, value);
    const response = await app.request('/api/business-card/create_business_card', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read response fields freely; each assertion is the check
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  /**
   * Sends what is queued and due through the real sender, as the server's would after a commit, and waits out
   * sends another sender (a test's running one) has in hand.
   */
  const deliverMail = async () => {
    const outcome = await sendDueMail(deps);
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      // In another sender's hand, or due and unclaimed: on PostgreSQL a claim skips the rows another claim has
      // locked at that moment, rather than waiting for them, so a row can be due still after ours.
      const pending = await database.db
        .selectFrom('mail_outbox')
        .select('claimed_by')
        .where('sent_at', 'is', null)
        .where('given_up_at', 'is', null)
        .where((w) =>
          w.or([w('claimed_by', 'is not', null), w('next_attempt_at', '<=', deps.now().toISOString())]),
        )
        .executeTakeFirst();
      if (!pending) break;
      if (pending.claimed_by === null) {
        const more = await sendDueMail(deps);
        outcome.sent += more.sent;
        outcome.retrying += more.retrying;
        outcome.gaveUp += more.gaveUp;
      } else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return outcome;
  };

  /** Every mail delivered so far, oldest first, after delivering what is due. */
  const outbox = async () => {
    await deliverMail();
    const files = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    return Promise.all(files.map(async (file) => simpleParser(fs.readFileSync(path.join(outboxDir, file)))));
  };

  const lastMailTo = async (address: string) => {
    const mails = (await outbox()).filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));
    const last = mails.at(-1);
    if (!last) throw new Error(`No mail to ${address} in the outbox`);
    return last;
  };

  const lastCodeFor = async (address: string) => {
    const code = (await lastMailTo(address)).text?.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`No code in the last mail to ${address}`);
    return code;
  };

  /** Registers, verifies and logs in; returns the bearer token. */
  const signUp = async (username = 'dana', email = `${username}@example.com`, password = 'Plumber2026') => {
    const registered = await call('POST', '/api/register', { name: 'Dana Pipe', email, username, password });
    if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    await call('POST', '/api/verify-email', { email, code: await lastCodeFor(email) });
    const login = await call('POST', '/api/login', { email, password });
    return login.body.token as string;
  };

  const advance = (ms: number) => {
    clock.time += ms;
  };

  /**
   * Files carry the machine's own times (mtime), not this clock's: a test that ages photos against their uploads'
   * records runs this clock from the machine's now, or the two clocks drift apart by the days since the fixed start
   * (the sweep's tests began failing a week after it, when an upload "a week ago" became one).
   */
  const clockFromMachineTime = () => {
    clock.time = Date.now();
  };

  return {
    app,
    deps,
    db: database.db,
    /** The app's SQLite connection (`PRAGMA max_page_count` on it makes writes fail as on a full disk): SQLite only. */
    get sqlite() {
      return database.sqlite;
    },
    dialect: database.dialect,
    dir: database.dir,
    /** Where the server's projector renders this app's pages: its storage, address, site name and passes offered. */
    renderTarget: {
      publicDir: deps.publicDir,
      storage: deps.storage,
      publicUrl: deps.publicUrl,
      siteName: 'TradeCard',
      walletEnabled: Boolean(deps.wallet),
    } satisfies RenderTarget,
    call,
    publishForm,
    outbox,
    deliverMail,
    lastMailTo,
    lastCodeFor,
    signUp,
    advance,
    clockFromMachineTime,
    async close() {
      await deps.stripeSimulator?.close();
      await database.close();
    },
  };
}
