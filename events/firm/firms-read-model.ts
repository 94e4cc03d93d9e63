import type { Db } from '../../platform/database/db';
import type { FirmMembershipsTable, FirmsTable } from '../../platform/database/schema';
import type { ImageRef } from '../card/content';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import type { Brand } from './brand';
import { evolve, type FirmState, initialState } from './decider';
import { FIRM_STREAM_PREFIX, type FirmEvent } from './events';
import {
  MEMBERSHIP_STREAM_PREFIX,
  type MembershipEvent,
  type MembershipState,
  membershipDecider,
} from './membership';

/** Issue 32: each firm, for its admin's screens, its page at /f/<slug> and the join link. */
export const firmsReadModel: ReadModel<FirmState> = {
  table: 'firms',
  keyColumn: 'firm_id',
  owns: (streamId) => streamId.startsWith(FIRM_STREAM_PREFIX),
  keyOf: (streamId) => streamId.slice(FIRM_STREAM_PREFIX.length),
  initialState,
  evolve: (state, event: ProjectedEvent) => evolve(state, event as FirmEvent),
  toRow: (state): FirmsTable | null =>
    state.status === 'none'
      ? null
      : {
          firm_id: state.firmId,
          name: state.name,
          slug: state.slug,
          admin_id: state.adminId,
          members: JSON.stringify(state.members),
          invites: JSON.stringify(
            Object.entries(state.invites).map(([inviteId, { email, expiresAt, used }]) => ({
              inviteId,
              email,
              expiresAt,
              used,
            })),
          ),
          brand: JSON.stringify(state.brand),
          logo: state.logo ? JSON.stringify(state.logo) : null,
          logo_by: state.logoBy,
          quotes_to: state.quotesTo,
        },
};

type MembershipRowState = MembershipState & { accountId: string | null; since: string | null };

/** Which firm each account is in: one row an account, none when it is in no firm. */
export const firmMembershipsReadModel: ReadModel<MembershipRowState> = {
  table: 'firm_memberships',
  keyColumn: 'account_id',
  owns: (streamId) => streamId.startsWith(MEMBERSHIP_STREAM_PREFIX),
  keyOf: (streamId) => streamId.slice(MEMBERSHIP_STREAM_PREFIX.length),
  initialState: () => ({ ...membershipDecider.initialState(), accountId: null, since: null }),
  evolve: (state, event: ProjectedEvent) => {
    const membership = event as MembershipEvent;
    return {
      ...membershipDecider.evolve(state, membership),
      accountId: membership.data.accountId,
      since: membership.type === 'MembershipStarted' ? membership.data.startedAt : null,
    };
  },
  toRow: (state): FirmMembershipsTable | null =>
    state.firmId === null || state.accountId === null || state.since === null
      ? null
      : { account_id: state.accountId, firm_id: state.firmId, since: state.since },
};

export type FirmRow = FirmsTable;
export type FirmInviteRow = { inviteId: string; email: string; expiresAt: string; used: boolean };

export const membersOf = (row: Pick<FirmRow, 'members'>) => JSON.parse(row.members) as string[];
export const brandOf = (row: Pick<FirmRow, 'brand'>) => JSON.parse(row.brand) as Brand | null;
export const logoOf = (row: Pick<FirmRow, 'logo'>) => (row.logo ? (JSON.parse(row.logo) as ImageRef) : null);

/** The brand of the firm an account is in, when it has one: what its page shows in the parts the firm locked. */
export async function brandOfAccount(
  db: Db,
  accountId: string,
): Promise<{ firmName: string; brand: Brand } | null> {
  const firm = await firmOfAccount(db, accountId);
  const brand = firm ? brandOf(firm) : null;
  return firm && brand ? { firmName: firm.name, brand } : null;
}
export const invitesOf = (row: Pick<FirmRow, 'invites'>) => JSON.parse(row.invites) as FirmInviteRow[];

export const findFirm = (db: Db, firmId: string) =>
  db.selectFrom('firms').selectAll().where('firm_id', '=', firmId).executeTakeFirst();

export const firmBySlug = (db: Db, slug: string) =>
  db.selectFrom('firms').selectAll().where('slug', '=', slug).executeTakeFirst();

/** Every firm's logo: photos the media sweep keeps. */
export async function firmLogos(db: Db): Promise<ImageRef[]> {
  const rows = await db.selectFrom('firms').select('logo').where('logo', 'is not', null).execute();
  return rows.flatMap((row) => logoOf(row) ?? []);
}

/** The firm an account is in, or undefined. */
export const firmOfAccount = (db: Db, accountId: string) =>
  db
    .selectFrom('firm_memberships as m')
    .innerJoin('firms as f', 'f.firm_id', 'm.firm_id')
    .selectAll('f')
    .where('m.account_id', '=', accountId)
    .executeTakeFirst();
