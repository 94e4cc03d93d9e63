import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Expected, type MatrixCell, tryEveryCall } from '../support/abuse/matrix';
import { createTestApp } from '../support/api/app';
import { jpegFile } from '../support/api/media/images';
import { buyCardsAtHostedCheckout, signUpAdmin } from '../support/api/payments/flows';
import { accountIdOf } from '../support/visits/stats';

// Issue 32: every firm call, tried by every kind of caller, as tests/abuse/authorisation-matrix.test.ts does for the
// rest. A member sees their firm and nothing of its running; only its admin changes it; anyone else, our own staff
// included, is told there is no such firm.

type Role = 'anonymous' | 'stranger' | 'staff' | 'member' | 'firm admin';
const ROLES: Role[] = ['anonymous', 'stranger', 'staff', 'member', 'firm admin'];
type Cell = MatrixCell<Role>;

let t: Awaited<ReturnType<typeof createTestApp>>;
const tokens = {} as Record<Role, string | undefined>;
let firmId: string;
let samsCard: string;
let danaId: string;
let kitId: string;
let spareInvitation: string;
let danasPhoto: string;

const invitationTo = async (email: string) =>
  /\/join\/([^\s"<]+)/.exec((await t.lastMailTo(email)).text ?? '')?.[1] ?? '';

beforeAll(async () => {
  t = await createTestApp();
  tokens['firm admin'] = await t.signUp('dana');
  tokens.member = await t.signUp('sam');
  tokens.stranger = await t.signUp('olive');
  tokens.staff = await signUpAdmin(t);
  const kit = await t.signUp('kit');
  firmId = (await t.call('POST', '/api/firms', { name: 'Pipe & Sons' }, tokens['firm admin'])).body.data.id;
  for (const [username, token] of [
    ['sam', tokens.member],
    ['kit', kit],
  ] as const) {
    await t.call(
      'POST',
      `/api/firms/${firmId}/invites`,
      { email: `${username}@example.com` },
      tokens['firm admin'],
    );
    const joined = await t.call(
      'POST',
      `/api/firms/join/${await invitationTo(`${username}@example.com`)}`,
      {},
      token,
    );
    expect(joined.status).toBe(200);
  }
  await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'new@example.com' }, tokens['firm admin']);
  spareInvitation = await invitationTo('new@example.com');
  await buyCardsAtHostedCheckout(t, tokens.member as string, 1);
  samsCard = (await t.db.selectFrom('nfc_cards').select('code').executeTakeFirstOrThrow()).code;
  danaId = await accountIdOf(t.db, 'dana');
  const form = new FormData();
  form.append('photo', await jpegFile());
  const uploaded = await t.app.request('/api/business-card/photos', {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens['firm admin']}` },
    body: form,
  });
  danasPhoto = ((await uploaded.json()) as { data: { url: string } }).data.url;
  kitId = await accountIdOf(t.db, 'kit');
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** The firm's own business: a member learns only that it's the admin's to do; anyone else, that there's no firm. */
const adminOnly = (member: Expected = 403): Record<Role, Expected> => ({
  anonymous: 401,
  stranger: 404,
  staff: 404,
  member,
  'firm admin': 'ok',
});

function cells(): Cell[] {
  return [
    { method: 'GET', path: `/api/firms/${firmId}`, expect: adminOnly('ok') },
    {
      method: 'GET',
      path: '/api/firms/mine',
      expect: { anonymous: 401, stranger: 'ok', staff: 'ok', member: 'ok', 'firm admin': 'ok' },
    },
    {
      method: 'POST',
      path: `/api/firms/${firmId}/invites`,
      body: { email: 'x@example.com' },
      expect: adminOnly(),
    },
    {
      method: 'POST',
      path: `/api/firms/${firmId}/invites/csv`,
      body: { csv: 'y@example.com' },
      expect: adminOnly(),
    },
    { method: 'GET', path: `/api/firms/${firmId}/team?days=7`, expect: adminOnly() },
    { method: 'PUT', path: `/api/firms/${firmId}/quotes`, body: { accountId: danaId }, expect: adminOnly() },
    {
      method: 'PUT',
      path: `/api/firms/${firmId}/brand`,
      body: {
        values: {
          business_card_name: 'Pipe & Sons',
          button_bg_color: '#0A5C36',
          button_text_color: 'white',
          style: 'Inter',
          page_theme: 'light',
        },
        locked: ['colours'],
      },
      expect: adminOnly(),
    },
    { method: 'GET', path: `/api/firms/${firmId}/export`, expect: adminOnly() },
    // A member is answered with an empty list: the firm's cards are the admin's to see.
    { method: 'GET', path: `/api/firms/${firmId}/cards`, expect: adminOnly('ok') },
    // A card is moved by the admin alone; a member is told there is no such card.
    {
      method: 'POST',
      path: `/api/firms/${firmId}/cards/${samsCard}/reassign`,
      body: { to: danaId },
      expect: adminOnly(404),
    },
    // A logo names a photo the admin uploaded; a member is told it is the admin's to set, anyone else of no firm.
    {
      method: 'PUT',
      path: `/api/firms/${firmId}/logo`,
      body: { url: danasPhoto },
      expect: adminOnly(),
    },
    { method: 'DELETE', path: `/api/firms/${firmId}/logo`, expect: adminOnly() },
    // The one bill (issue 32): only the admin opens the plan's checkout or buys a member's cards on it.
    { method: 'POST', path: `/api/firms/${firmId}/plan`, body: {}, expect: adminOnly() },
    {
      method: 'POST',
      path: `/api/firms/${firmId}/card-orders`,
      body: { forAccountId: kitId, quantity: 1 },
      expect: adminOnly(),
    },
    { method: 'DELETE', path: `/api/firms/${firmId}/members/${kitId}`, expect: adminOnly() },
    // The invitation's page is for whoever holds the link; joining by it, only for the address it was sent to.
    {
      method: 'GET',
      path: `/api/firms/join/${spareInvitation}`,
      expect: { anonymous: 'ok', stranger: 'ok', staff: 'ok', member: 'ok', 'firm admin': 'ok' },
    },
    {
      method: 'POST',
      path: `/api/firms/join/${spareInvitation}`,
      body: {},
      expect: { anonymous: 401, stranger: 403, staff: 403, member: 409, 'firm admin': 409 },
    },
  ];
}

describe("the firms' authorisation matrix", () => {
  it('answers every firm call as each kind of caller may be answered, and never with a stack trace', async () => {
    await tryEveryCall(t, cells(), ROLES, tokens);
  }, 60_000);

  it('lets a member leave and the admin hand over, and nobody else do either for them', async () => {
    const samId = await accountIdOf(t.db, 'sam');
    for (const role of ['stranger', 'staff', 'member'] as const)
      expect(
        (await t.call('POST', `/api/firms/${firmId}/admin`, { accountId: samId }, tokens[role])).status,
      ).toBe(role === 'member' ? 403 : 404);
    expect((await t.call('POST', `/api/firms/${firmId}/leave`, {}, tokens.stranger)).status).toBe(404);
    expect((await t.call('POST', `/api/firms/${firmId}/leave`, {}, tokens['firm admin'])).status).toBe(409);
    expect(
      (await t.call('POST', `/api/firms/${firmId}/admin`, { accountId: samId }, tokens['firm admin'])).status,
    ).toBe(200);
    // Handed over, the former admin is a member like any other: free to leave, no longer to invite.
    expect(
      (await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'z@example.com' }, tokens['firm admin']))
        .status,
    ).toBe(403);
    expect((await t.call('POST', `/api/firms/${firmId}/leave`, {}, tokens['firm admin'])).status).toBe(200);
    expect((await t.call('GET', `/api/firms/${firmId}`, undefined, tokens['firm admin'])).status).toBe(404);
  });
});
