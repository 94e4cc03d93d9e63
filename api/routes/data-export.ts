import { Hono } from 'hono';
import { DomainError } from '../../events/errors';
import { log } from '../../observability/log';
import { findUserById } from '../accounts/users';
import { waitInWords } from '../auth/mail-limits';
import { SESSION_EXPIRED } from '../auth/require-user';
import { exportKey, exportsPerAccount, recordAttempt, refuseWhileThrottled } from '../auth/throttle';
import type { AppEnv, Deps } from '../deps';
import { exportZip } from '../export/zip';
import { requestFields } from '../http/request-log';

/** The product's name as a file name starts: 'TradeCard' → 'tradecard'. */
const fileNamePart = (siteName: string) => siteName.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * /profile/export, mounted inside profileRoutes (which signs the user in): "Download my data" (ADR 030, decision 9),
 * the portable copy the privacy policy promises, as a zip of JSON files and photos (api/export).
 */
export function dataExportRoutes(deps: Deps, siteName: string) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const user = await findUserById(deps.db, c.get('accountId'));
    if (!user) throw new DomainError('unauthorised', SESSION_EXPIRED);
    const key = exportKey(user.id);
    await refuseWhileThrottled(
      deps.db,
      [key],
      deps.now(),
      (s) => `You’ve downloaded your data several times just now. Please try again in ${waitInWords(s)}.`,
    );
    await recordAttempt(deps.db, key, exportsPerAccount, deps.now());
    const now = deps.now();
    const body = await exportZip(user, {
      db: deps.db,
      storage: deps.storage,
      publicUrl: deps.publicUrl,
      siteName,
      now,
      // The answer's status went long ago: the broken stream is what tells the browser, this what tells us.
      onError: (err) => log.error({ err, ...requestFields(c) }, 'The data export failed part-way'),
    });
    return c.body(body, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${fileNamePart(siteName)}-${user.username}-${now.toISOString().slice(0, 10)}.zip"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
