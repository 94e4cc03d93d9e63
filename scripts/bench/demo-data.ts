import path from 'node:path';
import { createApp } from '../../api/app';
import { seedDemo } from '../../api/demo/seed';
import type { Deps } from '../../api/deps';
import { createMailer } from '../../api/mail/mailer';
import { startLocalStripe } from '../../api/payments/create';
import { diskStorageAt } from '../../api/storage/disk';
import { findCardContent } from '../../events/card/cards-read-model';
import type { CardContent } from '../../events/card/content';
import type { Db } from '../../events/db';

/** Seeds the demo into a bench data folder's open database, as the server's first start does. */
export async function seedDemoInto(db: Db, dir: string) {
  const deps = {
    db,
    now: () => new Date(),
    publicDir: path.join(dir, 'public'),
    // The demo's photos go where a server on this data folder (STORAGE=disk) looks for them.
    storage: diskStorageAt(path.join(dir, 'public')),
    publicUrl: 'http://localhost:3000',
    onAppended: () => {},
    mailQueued: () => {},
    mailer: createMailer({ mail: 'outbox', from: 'bench@localhost', outboxDir: path.join(dir, 'outbox') }),
    secret: 'bench-secret',
    // The app takes the sample's subscription webhooks in-process; it serves no site here.
    siteDir: path.join(dir, 'site'),
    trustProxy: 0,
  } as unknown as Deps;
  Object.assign(deps, await startLocalStripe(deps, { dbFile: ':memory:', tickMs: 0 }));
  deps.stripeSimulator?.sendWebhooksTo(createApp(deps).fetch);
  try {
    return await seedDemo(deps);
  } finally {
    await deps.stripeSimulator?.close();
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
