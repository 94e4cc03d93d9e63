import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/mini';
import { userJson } from '../api/accounts/users';
import { cardJson } from '../api/cards/cards';
import { enquiryJson } from '../api/enquiries/json';
import { firmCards } from '../api/firms/cards';
import { firmJson } from '../api/firms/firms';
import { invitationOf } from '../api/firms/invitations';
import { firmTeam } from '../api/firms/team';
import { adminNfcCardJson, nfcCardJson } from '../api/nfc-cards/json';
import { adminOrderJson, orderJson } from '../api/orders/order-json';
import { adminReviewJson, reviewJson } from '../api/routes/reviews';
import { visitStats } from '../api/visits/stats';
import { callApi } from '../site/src/lib/api';
import { createTestApp } from '../tests/support/api/app';
import { jpegFile } from '../tests/support/api/media/images';
import {
  buyCardsAtHostedCheckout,
  payAtHostedCheckout,
  SHIPPING,
  signUpAdmin,
  subscribeAtHostedCheckout,
} from '../tests/support/api/payments/flows';
import { livePage, requestQuote } from '../tests/support/api/quotes';
import { leaveReview } from '../tests/support/api/reviews';
import { saveHits } from '../tests/support/visits/hits';
import { accountIdOf } from '../tests/support/visits/stats';
import { billingAnswer, cardReplacedAnswer, cardSetupAnswer } from './billing';
import { type Card, type cardSchema, myCardAnswer, publishedAnswer } from './card';
import { checkoutAnswer } from './checkout';
import { domainAnswer, domainConnectedAnswer } from './domain';
import { type Enquiry, enquiriesAnswer, enquiryUpdatedAnswer } from './enquiry';
import {
  cardReassignedAnswer,
  csvInvitedAnswer,
  type Firm,
  type FirmCard,
  type FirmTeam,
  firmCardsAnswer,
  firmCreatedAnswer,
  firmTeamAnswer,
  type Invitation,
  invitationAnswer,
  invitedAnswer,
  joinedAnswer,
  myFirmAnswer,
} from './firm';
import { messageAnswer, registerAnswer } from './message';
import { type AdminNfcCard, type NfcCard, nfcCardsAnswer, nfcCardUpdatedAnswer } from './nfc-card';
import { notificationsAnswer, notificationsUpdatedAnswer } from './notifications';
import {
  type AdminOrder,
  adminOrdersAnswer,
  adminOrderUpdatedAnswer,
  cancelledAnswer,
  type Order,
  orderAnswer,
  ordersAnswer,
} from './order';
import {
  type AdminReview,
  adminReviewsAnswer,
  type Review,
  reviewLinkAnswer,
  reviewsAnswer,
  reviewUpdatedAnswer,
} from './review';
import {
  loginAnswer,
  type ProfileAnswer,
  profileAnswer,
  profileUpdatedAnswer,
  type User,
  userSchema,
} from './user';
import { type VisitStats, visitStatsSchema } from './visits';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/**
 * The API's answer, as the site will read it: a success, read by its schema without a complaint, and whole (the
 * schema names every field the API sends, so nothing is dropped on the way to a screen).
 */
function expectContract(schema: z.ZodMiniType, answer: { status: number; body: unknown }) {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  const read = schema.safeParse(answer.body);
  expect(read.success ? [] : read.error.issues).toEqual([]);
  expect(read.data).toEqual(answer.body);
}

const password = 'Plumber2026';

describe("every answer the site reads is the one contract/ describes (run against the API's routes)", () => {
  it('the account: registering, verifying, signing in, the profile, support and leaving', async () => {
    const email = 'dana@example.com';
    const register = { name: 'Dana Pipe', email, username: 'dana', password };
    expectContract(registerAnswer, await t.call('POST', '/api/register', register));
    const code = await t.lastCodeFor(email);
    expectContract(messageAnswer, await t.call('POST', '/api/verify-email', { email, code }));
    expectContract(messageAnswer, await t.call('POST', '/api/resend-code', { email }));
    const login = await t.call('POST', '/api/login', { email, password });
    expectContract(loginAnswer, login);
    const token = login.body.token as string;

    expectContract(profileAnswer, await t.call('GET', '/api/profile', undefined, token));
    expectContract(profileUpdatedAnswer, await t.call('PUT', '/api/profile', { name: 'Dana P' }, token));
    const support = {
      name: 'Dana',
      email,
      reason: 'Card not working',
      message: 'It does not open.',
      agree: true,
    };
    expectContract(messageAnswer, await t.call('POST', '/api/contact', support, token));

    expectContract(messageAnswer, await t.call('POST', '/api/forgot-password', { email }));
    const link = (await t.lastMailTo(email)).text?.match(/\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    const reset = await t.call('POST', `/api/reset-password/${link}`, { password: 'NewPass2027' });
    expectContract(messageAnswer, reset);

    const again = await t.call('POST', '/api/login', { email, password: 'NewPass2027' });
    expectContract(messageAnswer, await t.call('DELETE', '/api/profile', undefined, again.body.token));
  });

  it('the card: the saved card before and after publishing', async () => {
    const token = await t.signUp();
    expectContract(myCardAnswer, await t.call('GET', '/api/business-card/my_card', undefined, token));
    const fields = { full_name: 'Dana Pipe', phone_number: '0117 496 0456' };
    const published = await t.call('POST', '/api/business-card/create_business_card', fields, token);
    expectContract(publishedAnswer, published);
    expectContract(myCardAnswer, await t.call('GET', '/api/business-card/my_card', undefined, token));
  });

  it('orders, checkout and billing: a card bought, a plan started, synced and cancelled, a reorder', async () => {
    const token = await t.signUp();
    const started = await t.call('POST', '/api/checkout/create-checkout-session', { quantity: 2 }, token);
    expectContract(checkoutAnswer, started);
    const { id, sessionId } = await buyCardsAtHostedCheckout(t, token, 2);
    const confirm = await t.call('GET', `/api/stripe/confirm?session_id=${sessionId}`, undefined, token);
    expectContract(orderAnswer, confirm);

    expectContract(checkoutAnswer, await t.call('POST', '/api/subscribe', {}, token));
    const plan = await subscribeAtHostedCheckout(t, token);
    expectContract(ordersAnswer, await t.call('POST', '/api/me/sync-subscriptions', {}, token));
    const orders = await t.call('GET', '/api/me/orders', undefined, token);
    expectContract(ordersAnswer, orders);
    // Both kinds, delivery and all: the contract covers every field either can carry.
    expect(orders.body.data.map((order: Order) => order.type).sort()).toEqual(['card', 'subscription']);
    expect(orders.body.data.find((order: Order) => order.id === id)?.shipping?.address.line1).toBe(
      SHIPPING.line1,
    );

    const billing = await t.call('GET', '/api/billing', undefined, token);
    expectContract(billingAnswer, billing);
    expect(billing.body.paymentMethod?.card.last4).toBe('4242');
    expect(billing.body.invoices.length).toBeGreaterThan(0);

    const cancel = await t.call('POST', '/api/cancel-subscription', { id: plan.id }, token);
    expectContract(cancelledAnswer, cancel);
    expectContract(cancelledAnswer, await t.call('POST', '/api/resume-subscription', { id: plan.id }, token));
    expectContract(checkoutAnswer, await t.call('POST', '/api/reorder', { orderId: id }, token));

    const setup = await t.call('POST', '/api/billing/payment-method', {}, token);
    expectContract(cardSetupAnswer, setup);
    await payAtHostedCheckout(t, setup.body.url, { card: '4242' });
    const replaced = await t.call(
      'POST',
      '/api/billing/payment-method/confirm',
      { sessionId: setup.body.sessionId },
      token,
    );
    expectContract(cardReplacedAnswer, replaced);
  });

  it('the statistics and the weekly summary setting: a page with visits, each period, off and on', async () => {
    const token = await t.signUp();
    const id = await accountIdOf(t.db, 'dana');
    const hit = { accountId: id, cardCode: null, visitor: 'v1', hits: 2 } as const;
    await saveHits(t.db, [
      { ...hit, day: '2026-11-22', source: 'nfc', action: 'view' },
      { ...hit, day: '2026-11-20', source: 'qr', action: 'whatsapp' },
    ]);
    for (const days of [7, 30, 90]) {
      const stats = await t.call('GET', `/api/profile/stats?days=${days}`, undefined, token);
      expectContract(visitStatsSchema, stats);
      expect(stats.body.days).toHaveLength(days);
    }

    expectContract(notificationsAnswer, await t.call('GET', '/api/profile/notifications', undefined, token));
    const off = await t.call('PUT', '/api/profile/notifications', { weeklySummary: false }, token);
    expectContract(notificationsUpdatedAnswer, off);
  });

  it('the admin screen: the list of card orders and its two changes', async () => {
    const token = await t.signUp();
    const { id } = await buyCardsAtHostedCheckout(t, token, 1);
    const admin = await signUpAdmin(t);
    const listed = await t.call('GET', '/api/admin/orders?type=card', undefined, admin);
    expectContract(adminOrdersAnswer, listed);
    expect(listed.body.data).toHaveLength(1);
    const tracking = { trackingUrl: 'https://track.example/1', deliveryWindow: null, notify: false };
    const tracked = await t.call('PATCH', `/api/admin/orders/${id}/tracking`, tracking, admin);
    expectContract(adminOrderUpdatedAnswer, tracked);
    const status = { fulfillmentStatus: 'shipped', notify: false };
    expectContract(
      adminOrderUpdatedAnswer,
      await t.call('PATCH', `/api/admin/orders/${id}/status`, status, admin),
    );
    expectContract(adminOrderUpdatedAnswer, await t.call('POST', `/api/admin/orders/${id}/cards`, {}, admin));
  });

  it("the owner's NFC cards: the list, switched off and on", async () => {
    const token = await t.signUp();
    await buyCardsAtHostedCheckout(t, token, 2);
    const listed = await t.call('GET', '/api/nfc-cards', undefined, token);
    expectContract(nfcCardsAnswer, listed);
    const code = listed.body.data[0].code as string;
    expectContract(nfcCardUpdatedAnswer, await t.call('POST', `/api/nfc-cards/${code}/lost`, {}, token));
    expectContract(nfcCardUpdatedAnswer, await t.call('POST', `/api/nfc-cards/${code}/found`, {}, token));
  });

  it("the owner's enquiries: none, then one with a photo, marked won", async () => {
    const token = await livePage(t);
    expectContract(enquiriesAnswer, await t.call('GET', '/api/enquiries', undefined, token));
    expect((await requestQuote(t, { photos: [await jpegFile()] })).status).toBe(303);
    const listed = await t.call('GET', '/api/enquiries', undefined, token);
    expectContract(enquiriesAnswer, listed);
    expect(listed.body.data).toHaveLength(1);
    const id = listed.body.data[0].id as string;
    expectContract(
      enquiryUpdatedAnswer,
      await t.call('POST', `/api/enquiries/${id}/status`, { status: 'won' }, token),
    );
  });

  it("the owner's verified reviews: asked for, left, replied to, reported; support's list and removal", async () => {
    const token = await livePage(t);
    expectContract(reviewsAnswer, await t.call('GET', '/api/reviews', undefined, token));
    const asked = await t.call('POST', '/api/review-requests', { name: 'Lee Other' }, token);
    expectContract(reviewLinkAnswer, { status: asked.status, body: asked.body });
    const { reviewId } = await leaveReview(t, token);
    expectContract(reviewsAnswer, await t.call('GET', '/api/reviews', undefined, token));
    expectContract(
      reviewUpdatedAnswer,
      await t.call('POST', `/api/reviews/${reviewId}/reply`, { reply: 'Thanks!' }, token),
    );
    expectContract(
      reviewUpdatedAnswer,
      await t.call('POST', `/api/reviews/${reviewId}/report`, { reason: 'Not a customer' }, token),
    );
    const admin = await signUpAdmin(t);
    const reported = await t.call('GET', '/api/admin/reviews', undefined, admin);
    expectContract(adminReviewsAnswer, reported);
    expect(reported.body.data).toHaveLength(1);
    expectContract(
      messageAnswer,
      await t.call('POST', `/api/admin/reviews/${reviewId}/remove`, { reason: 'Abuse' }, admin),
    );
  });

  it("the owner's own domain: none, connected, taken off", async () => {
    const token = await livePage(t);
    expectContract(domainAnswer, await t.call('GET', '/api/domain', undefined, token));
    expectContract(
      domainConnectedAnswer,
      await t.call('PUT', '/api/domain', { domain: 'card.danapipe.test' }, token),
    );
    expectContract(domainAnswer, await t.call('GET', '/api/domain', undefined, token));
    expectContract(messageAnswer, await t.call('DELETE', '/api/domain', undefined, token));
  });

  it('a firm: none, created, its invitation before and after joining', async () => {
    const dana = await t.signUp('dana');
    expectContract(myFirmAnswer, await t.call('GET', '/api/firms/mine', undefined, dana));
    const created = await t.call('POST', '/api/firms', { name: 'Pipe & Sons' }, dana);
    expectContract(firmCreatedAnswer, created);
    const firmId = created.body.data.id;
    expectContract(myFirmAnswer, await t.call('GET', '/api/firms/mine', undefined, dana));
    expectContract(
      invitedAnswer,
      await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'sam@example.com' }, dana),
    );
    expectContract(
      csvInvitedAnswer,
      await t.call('POST', `/api/firms/${firmId}/invites/csv`, { csv: 'Kit,kit@example.com\nnobody' }, dana),
    );
    const link = /\/join\/([^\s"<]+)/.exec((await t.lastMailTo('sam@example.com')).text ?? '')?.[1] ?? '';
    expectContract(invitationAnswer, await t.call('GET', `/api/firms/join/${link}`));
    const sam = await t.signUp('sam');
    expectContract(joinedAnswer, await t.call('POST', `/api/firms/join/${link}`, {}, sam));
    await buyCardsAtHostedCheckout(t, sam, 1);
    const cards = await t.call('GET', `/api/firms/${firmId}/cards`, undefined, dana);
    expectContract(firmCardsAnswer, cards);
    expectContract(firmTeamAnswer, await t.call('GET', `/api/firms/${firmId}/team?days=30`, undefined, dana));
    expectContract(
      cardReassignedAnswer,
      await t.call(
        'POST',
        `/api/firms/${firmId}/cards/${cards.body.data[0].code}/reassign`,
        { to: await accountIdOf(t.db, 'dana') },
        dana,
      ),
    );
  });
});

// These are checked by `npm run typecheck` (tsc reads the test files too), as expectTypeOf's assertions are.
describe('the contract binds both sides at compile time', () => {
  it('the API builds its answers as the contract types them', () => {
    expectTypeOf(userJson).returns.toEqualTypeOf<User>();
    expectTypeOf(orderJson).returns.toEqualTypeOf<Order>();
    expectTypeOf(adminOrderJson).returns.toEqualTypeOf<AdminOrder>();
    expectTypeOf(nfcCardJson).returns.toEqualTypeOf<NfcCard>();
    expectTypeOf(enquiryJson).returns.toEqualTypeOf<Enquiry>();
    expectTypeOf(firmJson).returns.resolves.toEqualTypeOf<Firm>();
    expectTypeOf(invitationOf).returns.resolves.toEqualTypeOf<Invitation>();
    expectTypeOf(firmCards).returns.resolves.toEqualTypeOf<FirmCard[]>();
    expectTypeOf(firmTeam).returns.resolves.toEqualTypeOf<FirmTeam>();
    expectTypeOf(reviewJson).returns.toEqualTypeOf<Review>();
    expectTypeOf(adminReviewJson).returns.toEqualTypeOf<AdminReview>();
    expectTypeOf(adminNfcCardJson).returns.toEqualTypeOf<AdminNfcCard>();
    expectTypeOf(cardJson).returns.toEqualTypeOf<Card>();
    expectTypeOf(visitStats).returns.resolves.toEqualTypeOf<VisitStats>();
    expectTypeOf<Card>().toExtend<z.infer<typeof cardSchema>>();
  });

  it('the site gets back what the schema it passed reads, not a type it asserted', () => {
    expectTypeOf(callApi<typeof profileAnswer>).returns.resolves.toEqualTypeOf<ProfileAnswer>();
  });

  it('a builder that renames a field does not compile', () => {
    const { isVerified, ...rest } = userJson({
      id: 'u1',
      name: 'Dana',
      email: 'dana@example.com',
      username: 'dana',
      is_verified: 1,
      is_admin: 0,
      trial_expires: null,
      trial_ended: 0,
      is_subscribed: 0,
      created_at: '2026-11-22T09:00:00.000Z',
      updated_at: '2026-11-22T09:00:00.000Z',
    });
    // @ts-expect-error: `verified` is not the contract's name, and `isVerified` is missing.
    const renamed: User = { ...rest, verified: isVerified };
    // At run time nothing stops it: the parse at the site's edge is what catches what tsc was not shown.
    expect(userSchema.safeParse(renamed).success).toBe(false);
  });
});
