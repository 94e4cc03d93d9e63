import path from 'node:path';
import { createApp } from '../../api/app';
import { seedDemo } from '../../api/demo/seed';
import type { Deps } from '../../api/deps';
import { createMailer } from '../../api/mail/mailer';
import { startLocalStripe } from '../../api/payments/create';
import type { RuntimeDeps } from '../../api/runtime';
import { createVisitCounter } from '../../api/visits/counter';
import { findCardContent } from '../../events/card/cards-read-model';
import type { CardContent } from '../../events/card/content';
import type { Db } from '../../platform/database/db';
import { diskStorageAt } from '../../platform/storage/disk';

/**
 * What api/runtime.ts builds for a server on the data folder `dir` (STORAGE=disk, MAIL=outbox). Typed as the
 * runtime's own deps, with no cast, so a field the app comes to need fails the typecheck here instead of the bench.
 */
function benchRuntimeDeps(db: Db, dir: string): RuntimeDeps {
  const now = () => new Date();
  return {
    db,
    mailer: createMailer({ mail: 'outbox', from: 'bench@localhost', outboxDir: path.join(dir, 'outbox') }),
    now,
    secret: 'bench-secret',
    publicUrl: 'http://localhost:3000',
    dataDir: dir,
    publicDir: path.join(dir, 'public'),
    // The demo's photos go where a server on this data folder (STORAGE=disk) looks for them.
    storage: diskStorageAt(path.join(dir, 'public')),
    onAppended: () => {},
    mailQueued: () => {},
    supportEmail: 'support@tradecard.bench',
    adminEmails: [],
    trustProxy: 0,
    // The app takes the sample's subscription webhooks in-process; it serves no site here.
    siteDir: path.join(dir, 'site'),
    readiness: { minFreeMb: 200, maxLagSeconds: 60 },
    // Seeding connects no domain: the machine's DNS, never asked.
    domains: { target: { host: 'localhost', addresses: [] }, resolver: [], timeoutMs: 3000 },
    // Seeding views no page: nothing to count.
    visits: createVisitCounter({ db, now, enabled: false }),
  };
}

/** Seeds the demo into a bench data folder's open database, as the server's first start does. */
export async function seedDemoInto(db: Db, dir: string) {
  const runtime = benchRuntimeDeps(db, dir);
  const deps: Deps = { ...runtime, ...(await startLocalStripe(runtime, { dbFile: ':memory:', tickMs: 0 })) };
  deps.stripeSimulator?.sendWebhooksTo(createApp(deps).fetch);
  try {
    return await seedDemo(deps);
  } finally {
    await deps.stripeSimulator?.close();
    await deps.visits.close();
  }
}

/** The demo card's published content: the photos the benches' generated cards reuse. */
export async function demoCardContent(db: Db): Promise<CardContent> {
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'demo')
    .executeTakeFirstOrThrow();
  const content = await findCardContent(db, demo.id);
  if (!content) throw new Error('the demo card is not published');
  return content;
}
