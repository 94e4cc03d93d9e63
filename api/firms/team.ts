import type { FirmTeam } from '../../contract/firm';
import type { StatsPeriod } from '../../contract/visits';
import { findCardContent } from '../../events/card/cards-read-model';
import { membersOf } from '../../events/firm/firms-read-model';
import type { Db } from '../../platform/database/db';
import { pageKindOf } from '../../renderer/render-account';
import { visitStats } from '../visits/stats';
import { inviteRights } from './firms';

/** Enquiries the team view lists, newest first, across every member. */
export const TEAM_ENQUIRIES = 50;
const JOB_PREVIEW = 140;

/**
 * Issue 32: the firm as its admin runs it: each member's page (live or why not), its visits by source over the
 * period, and the enquiries it brought in; the firm's totals; the latest enquiries across the firm. A member's
 * customers' phone numbers and addresses stay on the member's own /enquiries: the admin sees who asked, for what.
 */
export async function firmTeam(
  db: Db,
  firmId: string,
  viewer: string,
  options: { days: StatsPeriod; now: Date },
): Promise<FirmTeam> {
  const firm = await inviteRights(db, firmId, viewer);
  const ids = membersOf(firm);
  const users = await db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(users.map((user) => [user.id, user]));
  const since = new Date(options.now.getTime() - options.days * 86_400_000).toISOString();
  const enquiries = await db
    .selectFrom('enquiries')
    .select(['enquiry_id', 'account_id', 'name', 'job', 'status', 'received_at'])
    .where('account_id', 'in', ids)
    .orderBy('received_at', 'desc')
    .execute();

  const members: FirmTeam['members'] = [];
  const totals: FirmTeam['totals'] = {
    views: { nfc: 0, qr: 0, link: 0 },
    visitors: 0,
    enquiries: 0,
    newEnquiries: 0,
  };
  for (const id of ids) {
    const user = byId.get(id);
    if (!user) continue;
    const stats = await visitStats(db, id, options);
    const theirs = enquiries.filter((enquiry) => enquiry.account_id === id && enquiry.received_at >= since);
    const member = {
      id,
      name: user.name,
      username: user.username,
      admin: id === firm.admin_id,
      page: pageKindOf(user, await findCardContent(db, id)),
      views: stats.totals.views,
      visitors: stats.totals.visitors,
      enquiries: theirs.length,
      newEnquiries: theirs.filter((enquiry) => enquiry.status === 'new').length,
    };
    members.push(member);
    for (const source of ['nfc', 'qr', 'link'] as const) totals.views[source] += member.views[source];
    totals.visitors += member.visitors;
    totals.enquiries += member.enquiries;
    totals.newEnquiries += member.newEnquiries;
  }
  return {
    days: options.days,
    members,
    totals,
    enquiries: enquiries.slice(0, TEAM_ENQUIRIES).map((enquiry) => ({
      id: enquiry.enquiry_id,
      memberId: enquiry.account_id,
      memberName: byId.get(enquiry.account_id)?.name ?? '',
      customer: enquiry.name,
      job: enquiry.job.length > JOB_PREVIEW ? `${enquiry.job.slice(0, JOB_PREVIEW - 1)}…` : enquiry.job,
      status: enquiry.status,
      receivedAt: enquiry.received_at,
    })),
  };
}
