import { describe, it } from 'vitest';
import { deciderSpec } from '../../tests/support/events/decider-spec';
import { DomainError } from '../errors';
import {
  ADMIN_CANNOT_LEAVE,
  ADMIN_ONLY,
  ALREADY_A_MEMBER,
  FIRM_NOT_FOUND,
  firmDecider,
  INVITE_EXPIRED,
  INVITE_FOR_ANOTHER,
  INVITE_UNKNOWN,
  INVITE_USED,
  NOT_A_MEMBER,
} from './decider';
import type { FirmEvent } from './events';
import { ALREADY_IN_A_FIRM, type MembershipEvent, membershipDecider } from './membership';

const now = new Date('2026-11-29T10:00:00.000Z');
const at = now.toISOString();
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);
const given = deciderSpec(firmDecider, { now });

const created: FirmEvent = {
  type: 'FirmCreated',
  data: { firmId: 'f1', name: 'Taylor & Sons', slug: 'taylor-and-sons', adminId: 'admin', createdAt: at },
};
const invited: FirmEvent = {
  type: 'MemberInvited',
  data: {
    firmId: 'f1',
    inviteId: 'i1',
    email: 'sam@example.com',
    name: 'Sam Sparks',
    tokenHash: 'hash-1',
    invitedAt: at,
    expiresAt: later(14).toISOString(),
    by: 'admin',
  },
};
const joined: FirmEvent = {
  type: 'MemberJoined',
  data: { firmId: 'f1', accountId: 'sam', inviteId: 'i1', joinedAt: at },
};
const join = { type: 'JoinFirm', accountId: 'sam', email: 'Sam@Example.com', tokenHash: 'hash-1' } as const;

describe('firm decider', () => {
  it('is created once, its creator its admin', () => {
    given()
      .when({
        type: 'CreateFirm',
        firmId: 'f1',
        name: 'Taylor & Sons',
        slug: 'taylor-and-sons',
        adminId: 'admin',
      })
      .then([created]);
    given(created)
      .when({ type: 'CreateFirm', firmId: 'f1', name: 'Again', slug: 'again', adminId: 'admin' })
      .thenThrows(DomainError, 'already exists');
  });

  it('is joined by the address invited, once, within 14 days', () => {
    given(created)
      .when({
        type: 'InviteMember',
        by: 'admin',
        inviteId: 'i1',
        email: 'sam@example.com',
        name: 'Sam Sparks',
        tokenHash: 'hash-1',
      })
      .then([invited]);
    given(created, invited).when(join).then([joined]);
    given(created, invited)
      .when({ ...join, tokenHash: 'guess' })
      .thenThrows(DomainError, INVITE_UNKNOWN);
    given(created, invited)
      .when({ ...join, email: 'pat@example.com' })
      .thenThrows(DomainError, INVITE_FOR_ANOTHER);
    given(created, invited)
      .when(join, { now: later(14) })
      .thenThrows(DomainError, INVITE_EXPIRED);
    given(created, invited, joined).when(join).thenThrows(DomainError, ALREADY_A_MEMBER);
    given(created, invited, joined, {
      type: 'MemberLeft',
      data: { firmId: 'f1', accountId: 'sam', leftAt: at, by: 'sam' },
    })
      .when(join)
      .thenThrows(DomainError, INVITE_USED);
    given().when(join).thenThrows(DomainError, FIRM_NOT_FOUND);
  });

  it('lets only the admin invite, remove and hand over; a stranger learns nothing', () => {
    const invite = {
      type: 'InviteMember',
      inviteId: 'i2',
      email: 'x@example.com',
      name: null,
      tokenHash: 'h',
    } as const;
    given(created, invited, joined)
      .when({ ...invite, by: 'sam' })
      .thenThrows(DomainError, ADMIN_ONLY);
    given(created)
      .when({ ...invite, by: 'stranger' })
      .thenThrows(DomainError, FIRM_NOT_FOUND);
    given(created, invited, joined)
      .when({ type: 'RemoveMember', by: 'sam', accountId: 'admin' })
      .thenThrows(DomainError, ADMIN_ONLY);
  });

  it('removes a member, or lets one leave; the admin hands over before leaving', () => {
    given(created, invited, joined)
      .when({ type: 'RemoveMember', by: 'admin', accountId: 'sam' })
      .then([{ type: 'MemberLeft', data: { firmId: 'f1', accountId: 'sam', leftAt: at, by: 'admin' } }]);
    given(created, invited, joined)
      .when({ type: 'LeaveFirm', accountId: 'sam' })
      .then([{ type: 'MemberLeft', data: { firmId: 'f1', accountId: 'sam', leftAt: at, by: 'sam' } }]);
    given(created)
      .when({ type: 'RemoveMember', by: 'admin', accountId: 'sam' })
      .thenThrows(DomainError, NOT_A_MEMBER);
    given(created)
      .when({ type: 'LeaveFirm', accountId: 'admin' })
      .thenThrows(DomainError, ADMIN_CANNOT_LEAVE);
    given(created, invited, joined)
      .when({ type: 'HandOverAdmin', by: 'admin', to: 'sam' })
      .then([{ type: 'AdminHandedOver', data: { firmId: 'f1', from: 'admin', to: 'sam', at } }]);
    given(created, invited, joined, {
      type: 'AdminHandedOver',
      data: { firmId: 'f1', from: 'admin', to: 'sam', at },
    })
      .when({ type: 'LeaveFirm', accountId: 'admin' })
      .then([{ type: 'MemberLeft', data: { firmId: 'f1', accountId: 'admin', leftAt: at, by: 'admin' } }]);
    given(created)
      .when({ type: 'HandOverAdmin', by: 'admin', to: 'sam' })
      .thenThrows(DomainError, NOT_A_MEMBER);
  });
});

describe('firm decider: the brand', () => {
  const values = {
    business_card_name: 'Taylor & Sons',
    button_bg_color: '#0A5C36',
    button_text_color: 'white',
    style: 'Montserrat',
    page_theme: 'dark',
    page_theme_variant: 'subtle-dark',
  } as const;
  const changed = (locked: ('name' | 'colours' | 'font' | 'theme')[]): FirmEvent => ({
    type: 'FirmBrandChanged',
    data: { firmId: 'f1', values, locked, by: 'admin' },
  });

  it('is set by the admin, its locked parts once each in a stable order; the same brand again records nothing', () => {
    given(created)
      .when({ type: 'SetBrand', by: 'admin', brand: { values, locked: ['theme', 'colours', 'colours'] } })
      .then([changed(['colours', 'theme'])]);
    given(created, changed(['colours', 'theme']))
      .when({ type: 'SetBrand', by: 'admin', brand: { values, locked: ['theme', 'colours'] } })
      .thenNothing();
    given(created, changed(['colours', 'theme']))
      .when({ type: 'SetBrand', by: 'admin', brand: { values, locked: [] } })
      .then([changed([])]);
  });

  it('is the admin’s alone: a member is told so, anyone else finds no firm', () => {
    given(created, invited, joined)
      .when({ type: 'SetBrand', by: 'sam', brand: { values, locked: [] } })
      .thenThrows(DomainError, ADMIN_ONLY);
    given(created)
      .when({ type: 'SetBrand', by: 'stranger', brand: { values, locked: [] } })
      .thenThrows(DomainError, FIRM_NOT_FOUND);
  });
});

describe('firm decider: the logo', () => {
  const logo = { id: 'a'.repeat(24), width: 600, height: 300, widths: [320, 600] };
  const set = (by = 'admin'): FirmEvent => ({ type: 'FirmLogoChanged', data: { firmId: 'f1', logo, by } });
  const off = (by: string): FirmEvent => ({
    type: 'FirmLogoChanged',
    data: { firmId: 'f1', logo: null, by },
  });

  it('is set and taken off by the admin alone; the same logo again records nothing', () => {
    given(created).when({ type: 'SetLogo', by: 'admin', logo }).then([set()]);
    given(created, set()).when({ type: 'SetLogo', by: 'admin', logo }).thenNothing();
    given(created, set())
      .when({ type: 'SetLogo', by: 'admin', logo: null })
      .then([off('admin')]);
    given(created).when({ type: 'SetLogo', by: 'admin', logo: null }).thenNothing();
    given(created, invited, joined)
      .when({ type: 'SetLogo', by: 'sam', logo })
      .thenThrows(DomainError, ADMIN_ONLY);
  });

  it('comes off when the account that uploaded it is erased, and only then', () => {
    given(created, set())
      .when({ type: 'ForgetUploader', accountId: 'admin' })
      .then([off('admin')]);
    given(created, set()).when({ type: 'ForgetUploader', accountId: 'sam' }).thenNothing();
    given(created, set(), off('admin')).when({ type: 'ForgetUploader', accountId: 'admin' }).thenNothing();
  });
});

describe("firm decider: the firm page's quote requests", () => {
  const directed = (to: string | null): FirmEvent => ({
    type: 'FirmQuotesDirected',
    data: { firmId: 'f1', to, by: 'admin' },
  });

  it('go to the member the admin chooses, back to the admin when that member leaves', () => {
    given(created, invited, joined)
      .when({ type: 'DirectQuotes', by: 'admin', to: 'sam' })
      .then([directed('sam')]);
    given(created, invited, joined, directed('sam'))
      .when({ type: 'DirectQuotes', by: 'admin', to: 'sam' })
      .thenNothing();
    given(created, invited, joined, directed('sam'))
      .when({ type: 'DirectQuotes', by: 'admin', to: 'admin' })
      .then([directed(null)]);
    const left: FirmEvent = {
      type: 'MemberLeft',
      data: { firmId: 'f1', accountId: 'sam', leftAt: at, by: 'sam' },
    };
    // Gone back to the admin with the leaver: choosing the admin now records nothing.
    given(created, invited, joined, directed('sam'), left)
      .when({ type: 'DirectQuotes', by: 'admin', to: 'admin' })
      .thenNothing();
  });

  it('go only to a member, chosen by the admin alone', () => {
    given(created)
      .when({ type: 'DirectQuotes', by: 'admin', to: 'stranger' })
      .thenThrows(DomainError, NOT_A_MEMBER);
    given(created, invited, joined)
      .when({ type: 'DirectQuotes', by: 'sam', to: 'sam' })
      .thenThrows(DomainError, ADMIN_ONLY);
  });
});

describe('firm decider: erasure', () => {
  it('takes an erased member out; an erased admin’s role goes to the longest-standing member', () => {
    given(created, invited, joined)
      .when({ type: 'EraseMember', accountId: 'sam' })
      .then([{ type: 'MemberLeft', data: { firmId: 'f1', accountId: 'sam', leftAt: at, by: 'sam' } }]);
    given(created, invited, joined)
      .when({ type: 'EraseMember', accountId: 'admin' })
      .then([
        { type: 'AdminHandedOver', data: { firmId: 'f1', from: 'admin', to: 'sam', at } },
        { type: 'MemberLeft', data: { firmId: 'f1', accountId: 'admin', leftAt: at, by: 'admin' } },
      ]);
    given(created)
      .when({ type: 'EraseMember', accountId: 'admin' })
      .then([{ type: 'MemberLeft', data: { firmId: 'f1', accountId: 'admin', leftAt: at, by: 'admin' } }]);
    given(created).when({ type: 'EraseMember', accountId: 'stranger' }).thenNothing();
  });
});

describe('membership decider: one firm an account', () => {
  const member = deciderSpec(membershipDecider, { now });
  const started: MembershipEvent = {
    type: 'MembershipStarted',
    data: { accountId: 'sam', firmId: 'f1', startedAt: at },
  };
  const ended: MembershipEvent = {
    type: 'MembershipEnded',
    data: { accountId: 'sam', firmId: 'f1', endedAt: at },
  };

  it('starts once, refuses a second firm, and ends only the firm it is in', () => {
    member().when({ type: 'StartMembership', accountId: 'sam', firmId: 'f1' }).then([started]);
    member(started).when({ type: 'StartMembership', accountId: 'sam', firmId: 'f1' }).thenNothing();
    member(started)
      .when({ type: 'StartMembership', accountId: 'sam', firmId: 'f2' })
      .thenThrows(DomainError, ALREADY_IN_A_FIRM);
    member(started).when({ type: 'EndMembership', accountId: 'sam', firmId: 'f1' }).then([ended]);
    member(started).when({ type: 'EndMembership', accountId: 'sam', firmId: 'f2' }).thenNothing();
    member(started, ended)
      .when({ type: 'StartMembership', accountId: 'sam', firmId: 'f2' })
      .then([{ type: 'MembershipStarted', data: { accountId: 'sam', firmId: 'f2', startedAt: at } }]);
  });
});
