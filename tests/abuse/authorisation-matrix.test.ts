import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Expected, type MatrixCell, tryEveryCall } from '../support/abuse/matrix';
import { createTestApp } from '../support/api/app';
import {
  buyCardsAtHostedCheckout,
  signUpAdmin,
  subscribeAtHostedCheckout,
} from '../support/api/payments/flows';
import { requestQuote } from '../support/api/quotes';

// Issue 11: every API call, tried by every kind of caller. Owner-scoped calls name the owner's own objects, so a
// stranger's attempt is exactly the request that would leak or change someone else's data if authorisation slipped.

type Role = 'anonymous' | 'forged token' | 'signed out' | 'owner' | 'stranger' | 'admin';
const ROLES: Role[] = ['anonymous', 'forged token', 'signed out', 'owner', 'stranger', 'admin'];

type Cell = MatrixCell<Role>;

let t: Awaited<ReturnType<typeof createTestApp>>;
const tokens = {} as Record<Role, string | undefined>;
let cardOrder: { id: string; sessionId: string };
let plan: { id: string };
let cardSetup: { sessionId: string };
let nfcCode: string;
let enquiryId: string;

beforeAll(async () => {
  t = await createTestApp();
  tokens.owner = await t.signUp('dana');
  tokens.stranger = await t.signUp('sam', 'sam@example.com');
  tokens.admin = await signUpAdmin(t);
  tokens['forged token'] = 'a'.repeat(43);
  // A real token whose session has ended: what a stolen token is worth after its owner signs out.
  tokens['signed out'] = await t.signUp('lee', 'lee@example.com');
  expect((await t.call('POST', '/api/logout', undefined, tokens['signed out'])).status).toBe(200);
  cardOrder = await buyCardsAtHostedCheckout(t, tokens.owner, 1);
  nfcCode = (await t.db.selectFrom('nfc_cards').select('code').executeTakeFirstOrThrow()).code;
  plan = await subscribeAtHostedCheckout(t, tokens.owner);
  const setup = await t.call('POST', '/api/billing/payment-method', {}, tokens.owner);
  cardSetup = { sessionId: setup.body.sessionId as string };
  // A quote request to the owner's page (its publish starts nothing new: the plan above already makes it live).
  const published = await t.publishForm(tokens.owner, [['main_heading', 'Dana Pipe Plumbing']]);
  expect(published.status).toBe(200);
  expect((await requestQuote(t)).status).toBe(303);
  enquiryId = (await t.db.selectFrom('enquiries').select('enquiry_id').executeTakeFirstOrThrow()).enquiry_id;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const SIGNED_IN_ONLY = { anonymous: 401, 'forged token': 401, 'signed out': 401 } as const;
const anyone = (result: Expected): Record<Role, Expected> => ({
  anonymous: result,
  'forged token': result,
  'signed out': result,
  owner: result,
  stranger: result,
  admin: result,
});
const signedIn = (result: Expected = 'ok'): Record<Role, Expected> => ({
  ...SIGNED_IN_ONLY,
  owner: result,
  stranger: result,
  admin: result,
});
/** The owner's own object: a stranger is told it doesn't exist, never shown it. */
const ownersOnly = (result: Expected = 'ok'): Record<Role, Expected> => ({
  ...SIGNED_IN_ONLY,
  owner: result,
  stranger: 404,
  admin: 404,
});
const staffOnly = (): Record<Role, Expected> => ({
  ...SIGNED_IN_ONLY,
  owner: 403,
  stranger: 403,
  admin: 'ok',
});

function cells(): Cell[] {
  return [
    { method: 'GET', path: '/api/health', expect: anyone('ok') },
    { method: 'GET', path: '/api/stripe-pk', expect: anyone('ok') },
    { method: 'GET', path: '/api/business-card/by_username/dana', expect: anyone('ok') },
    { method: 'GET', path: '/api/profile', expect: signedIn() },
    { method: 'PUT', path: '/api/profile', body: { name: 'Renamed' }, expect: signedIn() },
    // Each account's own data, whoever asks: there is no address naming anyone else's.
    { method: 'GET', path: '/api/profile/export', expect: signedIn() },
    { method: 'GET', path: '/api/business-card/my_card', expect: signedIn() },
    { method: 'GET', path: '/api/me/orders', expect: signedIn() },
    { method: 'POST', path: '/api/me/sync-subscriptions', body: {}, expect: signedIn() },
    { method: 'GET', path: '/api/billing', expect: signedIn() },
    { method: 'POST', path: '/api/trial/start', body: {}, expect: signedIn() },
    {
      method: 'GET',
      path: `/api/stripe/confirm?session_id=${encodeURIComponent(cardOrder.sessionId)}`,
      expect: ownersOnly(),
    },
    { method: 'POST', path: '/api/reorder', body: { orderId: cardOrder.id }, expect: ownersOnly() },
    { method: 'POST', path: '/api/cancel-subscription', body: { id: plan.id }, expect: ownersOnly() },
    { method: 'POST', path: '/api/resume-subscription', body: { id: plan.id }, expect: ownersOnly() },
    // Only someone who has paid before has a card to replace; the others are told so.
    {
      method: 'POST',
      path: '/api/billing/payment-method',
      body: {},
      expect: { ...SIGNED_IN_ONLY, owner: 'ok', stranger: 409, admin: 409 },
    },
    // The owner's card form, still open: unfinished for the owner, unknown to anyone else.
    {
      method: 'POST',
      path: '/api/billing/payment-method/confirm',
      body: { sessionId: cardSetup.sessionId },
      expect: ownersOnly(409),
    },
    // Issue 16: a card is its owner's to switch off and on; anyone else is told there is no such card.
    { method: 'GET', path: '/api/nfc-cards', expect: signedIn() },
    { method: 'POST', path: `/api/nfc-cards/${nfcCode}/lost`, body: {}, expect: ownersOnly() },
    { method: 'POST', path: `/api/nfc-cards/${nfcCode}/found`, body: {}, expect: ownersOnly() },
    // Issue 17: an enquiry is its owner's to see and move along; anyone else is told there is no such enquiry.
    { method: 'GET', path: '/api/enquiries', expect: signedIn() },
    {
      method: 'POST',
      path: `/api/enquiries/${enquiryId}/status`,
      body: { status: 'replied' },
      expect: ownersOnly(),
    },
    { method: 'GET', path: '/api/admin/orders', expect: staffOnly() },
    // The order has its codes: staff are told so (and given none), everyone else never gets that far.
    { method: 'POST', path: `/api/admin/orders/${cardOrder.id}/cards`, body: {}, expect: staffOnly() },
    {
      method: 'PATCH',
      path: `/api/admin/orders/${cardOrder.id}/status`,
      body: { fulfillmentStatus: 'designing_card', notify: false },
      expect: staffOnly(),
    },
    // Nothing is reserved under this name: staff are told so, everyone else never gets that far.
    {
      method: 'POST',
      path: '/api/admin/usernames/nobody/release',
      body: {},
      expect: { ...staffOnly(), admin: 404 },
    },
    {
      method: 'PATCH',
      path: `/api/admin/orders/${cardOrder.id}/tracking`,
      body: { trackingUrl: 'https://track.example/1', deliveryWindow: '1–2 Dec', notify: false },
      expect: staffOnly(),
    },
  ];
}

describe('the authorisation matrix', () => {
  it('answers every call as each kind of caller may be answered, and never with a stack trace', async () => {
    const tried = await tryEveryCall(t, cells(), ROLES, tokens);
    expect(tried).toBe(cells().length * ROLES.length);
  }, 60_000);

  it('lets nobody but the owner delete an account, and the owner only their own', async () => {
    const stranger = await t.call('DELETE', '/api/profile', undefined, tokens['forged token']);
    expect(stranger.status).toBe(401);
    // The stranger deleting "their" account deletes theirs: the owner still signs in.
    expect((await t.call('DELETE', '/api/profile', undefined, tokens.stranger)).status).toBe(200);
    expect((await t.call('GET', '/api/profile', undefined, tokens.owner)).status).toBe(200);
    expect((await t.call('GET', '/api/profile', undefined, tokens.stranger)).status).toBe(401);
  });
});
