import { accountDecider } from '../../../events/account/decider';
import { defaultCardContent } from '../../../events/card/content';
import { cardDecider } from '../../../events/card/decider';
import { handleCommand } from '../../../events/command';
import { contactDecider } from '../../../events/contact/decider';
import { nfcCardDecider } from '../../../events/nfc-card/decider';
import { orderDecider } from '../../../events/order/decider';
import { subscriptionDecider } from '../../../events/subscription/decider';
import { visitDecider } from '../../../events/visit/decider';
import { visitStreamId } from '../../../events/visit/events';
import type { Db } from '../../../platform/database/db';

const address = {
  line1: '1 Pipe Lane',
  line2: null,
  city: 'Leeds',
  state: null,
  postal_code: 'LS1 1AA',
  country: 'GB',
};

/**
 * Every decider through its commands, by the real command path: each stream ends with a state (and read-model
 * states) built from every kind of field its events carry, so a snapshot of each is written.
 */
export async function runEveryDecider(db: Db, accountId = 'a1', now = new Date('2026-11-22T10:00:00Z')) {
  const run = (decider: unknown, streamId: string, command: unknown) =>
    // biome-ignore lint/suspicious/noExplicitAny: a table of commands for seven deciders; each decide checks its own.
    handleCommand(db, { decider: decider as any, streamId, command, now });
  const account = `account-${accountId}`;
  await run(accountDecider, account, {
    type: 'RegisterAccount',
    accountId,
    name: 'Dana Pipe',
    email: `${accountId}@example.com`,
    username: `dana${accountId}`,
  });
  await run(accountDecider, account, { type: 'VerifyEmail' });
  await run(accountDecider, account, { type: 'ChangeDisplayName', name: 'Dana P. Pipe' });
  await run(accountDecider, account, { type: 'StartTrial' });
  await run(accountDecider, account, { type: 'GrantAdmin', grantedBy: 'ops' });
  await run(accountDecider, account, {
    type: 'RecordSubscriptionAccess',
    isSubscribed: true,
    trialEnd: null,
  });

  const content = { ...defaultCardContent(), full_name: 'Dana Pipe', phone_number: '07700 900123' };
  await run(cardDecider, `card-${accountId}`, {
    type: 'PublishCard',
    accountId,
    content,
    accountMayPublish: true,
  });
  await run(cardDecider, `card-${accountId}`, {
    type: 'PublishCard',
    accountId,
    content: { ...content, bio: 'Gas Safe registered.' },
    accountMayPublish: true,
  });

  await run(contactDecider, `contact-m-${accountId}`, {
    type: 'SubmitContactMessage',
    messageId: `m-${accountId}`,
    name: 'Dana Pipe',
    email: `${accountId}@example.com`,
    reason: 'Card damaged',
    message: 'My card cracked.',
    accountId,
  });

  const order = `order-o-${accountId}`;
  await run(orderDecider, order, {
    type: 'StartCardCheckout',
    orderId: `o-${accountId}`,
    accountId,
    quantity: 2,
    provider: 'local',
    checkoutSessionId: `cs-${accountId}`,
    reorderOf: null,
  });
  await run(orderDecider, order, {
    type: 'RecordCardPayment',
    amountTotal: 4990,
    currency: 'gbp',
    customerId: 'cus_1',
    customerEmail: `${accountId}@example.com`,
    deliveryName: 'Dana Pipe',
    deliveryAddress: address,
    paymentIntentId: 'pi_1',
  });
  await run(orderDecider, order, {
    type: 'ChangeFulfilmentStatus',
    fulfillmentStatus: 'designing_card',
    changedBy: 'ops',
    notify: false,
  });
  const codes = [`C1-${accountId}`, `C2-${accountId}`];
  await run(orderDecider, order, { type: 'AssignCardCodes', codes });
  const card = `nfccard-${codes[0]}`;
  await run(nfcCardDecider, card, {
    type: 'IssueNfcCard',
    code: codes[0],
    orderId: `o-${accountId}`,
    accountId,
  });
  await run(nfcCardDecider, card, { type: 'MarkNfcCardLost', by: accountId });
  await run(nfcCardDecider, card, { type: 'SwitchNfcCardOn', by: accountId });
  await run(orderDecider, order, {
    type: 'UpdateTracking',
    trackingUrl: 'https://track.example/1',
    deliveryWindow: '23–26 November 2026',
    changedBy: 'ops',
    notify: false,
  });

  const subscription = `subscription-s-${accountId}`;
  await run(subscriptionDecider, subscription, {
    type: 'StartSubscriptionCheckout',
    orderId: `s-${accountId}`,
    accountId,
    provider: 'local',
    checkoutSessionId: `cs-s-${accountId}`,
    reorderOf: null,
  });
  await run(subscriptionDecider, subscription, {
    type: 'RecordSubscriptionState',
    snapshot: {
      providerSubscriptionId: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      trialEnd: null,
      currentPeriodStart: '2026-11-22T10:00:00Z',
      currentPeriodEnd: '2026-12-22T10:00:00Z',
      cancelAtPeriodEnd: false,
      canceledAt: null,
      endedAt: null,
    },
  });
  await run(subscriptionDecider, subscription, {
    type: 'RecordSubscriptionPayment',
    succeeded: true,
    invoiceId: 'in_1',
    invoiceNumber: 'TC-0001',
    amount: 499,
    currency: 'gbp',
  });
  const visits = visitStreamId(accountId, '2026-11-21');
  await run(visitDecider, visits, {
    type: 'TallyVisits',
    accountId,
    day: '2026-11-21',
    visitors: 2,
    tallies: [
      { source: 'nfc', action: 'view', cardCode: 'K7M2Q9XD', hits: 3 },
      { source: 'link', action: 'call', cardCode: null, hits: 1 },
    ],
  });

  return {
    streams: [account, `card-${accountId}`, `contact-m-${accountId}`, order, card, subscription, visits],
  };
}
