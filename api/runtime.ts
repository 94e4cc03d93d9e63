import path from 'node:path';
import { type OpenedDatabase, openDatabase } from '../events/db';
import type { Deps } from './deps';
import type { Env } from './env';
import { createMailer } from './mail/mailer';
import { createPayments } from './payments/create';
import { loadOrCreateSecret } from './secret';
import { defaultSiteDir } from './site-files';

export const databaseFile = (env: Env) => path.join(env.dataDir, 'app.db');

/** What the server and the ops scripts share: the database and everything built from configuration. */
export async function openRuntime(env: Env): Promise<{ deps: Deps; database: OpenedDatabase }> {
  const database = await openDatabase(databaseFile(env));
  const deps = {
    db: database.db,
    mailer: createMailer({
      mail: env.MAIL,
      from: env.MAIL_FROM,
      outboxDir: path.join(env.dataDir, 'outbox'),
    }),
    now: () => new Date(),
    secret: loadOrCreateSecret(env.dataDir, env.APP_SECRET),
    publicUrl: env.PUBLIC_URL,
    publicDir: path.join(env.dataDir, 'public'),
    onAppended: () => {},
    supportEmail: env.SUPPORT_EMAIL,
    adminEmails: env.ADMIN_EMAILS,
    trustProxy: env.TRUST_PROXY,
    siteDir: defaultSiteDir(),
  } as Deps;
  deps.payments = await createPayments(env, deps);
  return { deps, database };
}
