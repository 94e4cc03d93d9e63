import type { ImageRef } from '../card/content';
import { assertNever, type Decider } from '../decider';
import { DomainError } from '../errors';
import { BRAND_PART_NAMES, type Brand, sameBrand } from './brand';
import { type FirmEvent, INVITE_DAYS } from './events';

type Invite = { email: string; tokenHash: string; expiresAt: string; used: boolean };

export type FirmState =
  | { status: 'none' }
  | {
      status: 'active';
      firmId: string;
      name: string;
      slug: string;
      adminId: string;
      /** Every member, the admin included, in the order they joined. */
      members: string[];
      invites: Record<string, Invite>;
      /** Null until the admin first sets one. */
      brand: Brand | null;
      /** The firm's logo; null until the admin uploads one, or after they take it off. */
      logo: ImageRef | null;
      /** Who set it: their upload, which goes with their account when it is erased. */
      logoBy: string | null;
      /** The member whose enquiries the firm page's quote requests go to; null: the admin's. */
      quotesTo: string | null;
    };

export type FirmCommand =
  | { type: 'CreateFirm'; firmId: string; name: string; slug: string; adminId: string }
  | {
      type: 'InviteMember';
      by: string;
      inviteId: string;
      email: string;
      name: string | null;
      tokenHash: string;
    }
  /** `email`: the joining account's, which must be the one invited (an invitation isn't passed on). */
  | { type: 'JoinFirm'; accountId: string; email: string; tokenHash: string }
  | { type: 'RemoveMember'; by: string; accountId: string }
  | { type: 'LeaveFirm'; accountId: string }
  | { type: 'HandOverAdmin'; by: string; to: string }
  | { type: 'SetBrand'; by: string; brand: Brand }
  | { type: 'SetLogo'; by: string; logo: ImageRef | null }
  /** Erasure: the account's uploads go, so a logo it set comes off. */
  | { type: 'ForgetUploader'; accountId: string }
  | { type: 'DirectQuotes'; by: string; to: string | null }
  /** The member's account is erased: they leave, and an admin's role goes to the longest-standing member left. */
  | { type: 'EraseMember'; accountId: string };

export const FIRM_NOT_FOUND = 'We couldn’t find that firm.';
export const ADMIN_ONLY = 'Only the firm’s admin can do that.';
export const INVITE_UNKNOWN = 'This invitation link isn’t one we know. Please check it was copied whole.';
export const INVITE_USED = 'This invitation has already been used.';
export const INVITE_EXPIRED = `This invitation has expired: invitations last ${INVITE_DAYS} days. Ask the firm’s admin for a new one.`;
export const INVITE_FOR_ANOTHER =
  'This invitation was sent to another email address. Sign in with that address to join, or ask the admin to invite this one.';
export const ALREADY_A_MEMBER = 'That person is already a member of the firm.';
export const NOT_A_MEMBER = 'That person isn’t a member of the firm.';
export const ADMIN_CANNOT_LEAVE =
  'The admin can’t leave the firm: hand the admin role to another member first.';

const DAY_MS = 86_400_000;
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const initialState = (): FirmState => ({ status: 'none' });

export function evolve(state: FirmState, event: FirmEvent): FirmState {
  if (event.type === 'FirmCreated')
    return {
      status: 'active',
      ...event.data,
      members: [event.data.adminId],
      invites: {},
      brand: null,
      logo: null,
      logoBy: null,
      quotesTo: null,
    };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'MemberInvited': {
      const { inviteId, email, tokenHash, expiresAt } = event.data;
      return {
        ...state,
        invites: { ...state.invites, [inviteId]: { email, tokenHash, expiresAt, used: false } },
      };
    }
    case 'MemberJoined': {
      const invite = state.invites[event.data.inviteId];
      return {
        ...state,
        members: [...state.members, event.data.accountId],
        invites: invite
          ? { ...state.invites, [event.data.inviteId]: { ...invite, used: true } }
          : state.invites,
      };
    }
    case 'MemberLeft':
      return {
        ...state,
        members: state.members.filter((member) => member !== event.data.accountId),
        // A leaver's enquiries are theirs alone: the firm's requests go back to the admin.
        quotesTo: state.quotesTo === event.data.accountId ? null : state.quotesTo,
      };
    case 'AdminHandedOver':
      return { ...state, adminId: event.data.to };
    case 'FirmBrandChanged':
      return { ...state, brand: { values: event.data.values, locked: event.data.locked } };
    case 'FirmLogoChanged':
      return { ...state, logo: event.data.logo, logoBy: event.data.logo ? event.data.by : null };
    case 'FirmQuotesDirected':
      return { ...state, quotesTo: event.data.to };
    default:
      return assertNever(event);
  }
}

function active(state: FirmState) {
  if (state.status === 'none') throw new DomainError('not_found', FIRM_NOT_FOUND);
  return state;
}

function asAdmin(state: FirmState, by: string) {
  const firm = active(state);
  // A stranger learns nothing of the firm: its refusals read as not found.
  if (!firm.members.includes(by)) throw new DomainError('not_found', FIRM_NOT_FOUND);
  if (firm.adminId !== by) throw new DomainError('forbidden', ADMIN_ONLY);
  return firm;
}

export function decide(command: FirmCommand, state: FirmState, now: Date): FirmEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'CreateFirm': {
      if (state.status !== 'none') throw new DomainError('conflict', 'This firm already exists.');
      const { type: _command, ...firm } = command;
      return [{ type: 'FirmCreated', data: { ...firm, createdAt: at } }];
    }
    case 'InviteMember': {
      const firm = asAdmin(state, command.by);
      const { type: _command, ...invite } = command;
      return [
        {
          type: 'MemberInvited',
          data: {
            firmId: firm.firmId,
            ...invite,
            invitedAt: at,
            expiresAt: new Date(now.getTime() + INVITE_DAYS * DAY_MS).toISOString(),
          },
        },
      ];
    }
    case 'JoinFirm': {
      const firm = active(state);
      const found = Object.entries(firm.invites).find(([, invite]) => invite.tokenHash === command.tokenHash);
      if (!found) throw new DomainError('not_found', INVITE_UNKNOWN);
      const [inviteId, invite] = found;
      if (firm.members.includes(command.accountId)) throw new DomainError('conflict', ALREADY_A_MEMBER);
      if (invite.used) throw new DomainError('conflict', INVITE_USED);
      if (new Date(invite.expiresAt) <= now) throw new DomainError('gone', INVITE_EXPIRED);
      if (!sameEmail(invite.email, command.email)) throw new DomainError('forbidden', INVITE_FOR_ANOTHER);
      return [
        {
          type: 'MemberJoined',
          data: { firmId: firm.firmId, accountId: command.accountId, inviteId, joinedAt: at },
        },
      ];
    }
    case 'RemoveMember': {
      const firm = asAdmin(state, command.by);
      if (!firm.members.includes(command.accountId)) throw new DomainError('not_found', NOT_A_MEMBER);
      if (command.accountId === firm.adminId) throw new DomainError('conflict', ADMIN_CANNOT_LEAVE);
      return [
        {
          type: 'MemberLeft',
          data: { firmId: firm.firmId, accountId: command.accountId, leftAt: at, by: command.by },
        },
      ];
    }
    case 'LeaveFirm': {
      const firm = active(state);
      if (!firm.members.includes(command.accountId)) throw new DomainError('not_found', FIRM_NOT_FOUND);
      if (command.accountId === firm.adminId) throw new DomainError('conflict', ADMIN_CANNOT_LEAVE);
      return [
        {
          type: 'MemberLeft',
          data: { firmId: firm.firmId, accountId: command.accountId, leftAt: at, by: command.accountId },
        },
      ];
    }
    case 'SetBrand': {
      const firm = asAdmin(state, command.by);
      const { values, locked } = command.brand;
      // Each part once, in a stable order: the same brand set twice is the same event.
      const parts = BRAND_PART_NAMES.filter((part) => locked.includes(part));
      return firm.brand !== null && sameBrand(firm.brand, { values, locked: parts })
        ? []
        : [
            {
              type: 'FirmBrandChanged',
              data: { firmId: firm.firmId, values, locked: parts, by: command.by },
            },
          ];
    }
    case 'SetLogo': {
      const firm = asAdmin(state, command.by);
      const same = (firm.logo?.id ?? null) === (command.logo?.id ?? null);
      return same
        ? []
        : [{ type: 'FirmLogoChanged', data: { firmId: firm.firmId, logo: command.logo, by: command.by } }];
    }
    case 'DirectQuotes': {
      const firm = asAdmin(state, command.by);
      // The admin is the default: choosing them is choosing no one in particular.
      const to = command.to === firm.adminId ? null : command.to;
      if (to !== null && !firm.members.includes(to)) throw new DomainError('not_found', NOT_A_MEMBER);
      return to === firm.quotesTo
        ? []
        : [{ type: 'FirmQuotesDirected', data: { firmId: firm.firmId, to, by: command.by } }];
    }
    case 'HandOverAdmin': {
      const firm = asAdmin(state, command.by);
      if (!firm.members.includes(command.to)) throw new DomainError('not_found', NOT_A_MEMBER);
      if (command.to === command.by) return [];
      return [
        { type: 'AdminHandedOver', data: { firmId: firm.firmId, from: command.by, to: command.to, at } },
      ];
    }
    case 'ForgetUploader':
      // The logo is its uploader's photo, and its file goes with their account (member or not by then).
      return state.status === 'active' && state.logoBy === command.accountId
        ? [{ type: 'FirmLogoChanged', data: { firmId: state.firmId, logo: null, by: command.accountId } }]
        : [];
    case 'EraseMember': {
      if (state.status === 'none' || !state.members.includes(command.accountId)) return [];
      const left: FirmEvent = {
        type: 'MemberLeft',
        data: { firmId: state.firmId, accountId: command.accountId, leftAt: at, by: command.accountId },
      };
      const heir = state.members.find((member) => member !== command.accountId);
      if (command.accountId !== state.adminId || heir === undefined) return [left];
      return [
        { type: 'AdminHandedOver', data: { firmId: state.firmId, from: command.accountId, to: heir, at } },
        left,
      ];
    }
    default:
      return assertNever(command);
  }
}

export const firmDecider: Decider<FirmCommand, FirmState, FirmEvent> = { initialState, evolve, decide };
