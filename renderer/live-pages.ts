import { accountLiveInSql } from '../events/account/liveness';
import type { Db } from '../platform/database/db';

/**
 * The pages shown as live, as `p` (rendered_profiles) joined to `u` (users): the renderer last wrote the full
 * profile, not a notice, and the account is live now and still holds that name. The account is asked too, not the
 * renderer's row alone, so a trial just ended or an account just renamed or erased never counts as live while the
 * projector catches up. What the sitemap lists (api/cards/profile-sitemap.ts) and what has a preview image (og-image/).
 */
export const livePages = (db: Db) =>
  db
    .selectFrom('rendered_profiles as p')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'p.account_id').onRef('u.username', '=', 'p.username'),
    )
    .where('p.live', '=', 1)
    .where(accountLiveInSql('u'));
