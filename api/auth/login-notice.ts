import { log } from '../../observability/log';
import type { Deps } from '../deps';
import { enqueueMail } from '../mail/queue';
import { failedSignInsMail } from '../mail/templates';
import { countMailTo, recipientWaitSeconds } from './mail-limits';
import { LOGIN_NOTICE_INTERVAL_MS, loginKeys } from './throttle';

type Owner = { id: string; name: string; email: string; is_verified: number };

/**
 * Tells the owner that someone keeps failing to sign in to their account (OWASP: notify the user), once a day at
 * most: a mail per guess would itself be the flood. Only a verified address is told, since only its owner chose it.
 */
export async function tellOwnerOfFailedSignIns(deps: Deps, owner: Owner, failures: number, now: Date) {
  if (!owner.is_verified) return;
  const noticeKey = loginKeys(owner.email, '').notice;
  const queued = await deps.db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('throttles')
      .select('last_failure_at')
      .where('key', '=', noticeKey)
      .executeTakeFirst();
    if (last && now.getTime() - Date.parse(last.last_failure_at) < LOGIN_NOTICE_INTERVAL_MS) return false;
    if ((await recipientWaitSeconds(trx, owner.email, now)) > 0) return false;
    const values = { key: noticeKey, failures, blocked_until: null, last_failure_at: now.toISOString() };
    await trx
      .insertInto('throttles')
      .values(values)
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
    await countMailTo(trx, owner.email, now);
    const mail = failedSignInsMail({ name: owner.name, loginLink: `${deps.publicUrl}/login` });
    await enqueueMail(trx, { to: owner.email, ...mail }, now);
    return true;
  });
  if (queued) {
    log.warn({ accountId: owner.id, failures }, 'Repeated failed sign-ins: the owner was told by mail');
    deps.mailQueued();
  }
}
