import { weeklySummaryOn } from '../../events/account/weekly-summaries-read-model';
import type { CardContent } from '../../events/card/content';
import { type EnquiryRow, enquiriesOfAccount, photosOf } from '../../events/enquiry/enquiries-read-model';
import { eventsOfAccount, streamOfOrder } from '../../events/erasure';
import { nfcCardsOfAccount } from '../../events/nfc-card/nfc-cards-read-model';
import { type ReviewRow, reviewPhotosOf, reviewsOfAccount } from '../../events/review/reviews-read-model';
import type { Db } from '../../platform/database/db';
import { pageAddress } from '../../renderer/render-account';
import { type UserRow, userJson } from '../accounts/users';
import { withImagesNamed } from '../cards/cards';
import { enquiryJson } from '../enquiries/json';
import { nfcCardJson, UNTAPPED } from '../nfc-cards/json';
import { orderJson } from '../orders/order-json';
import { ordersOfAccount } from '../orders/orders';
import { reviewJson } from '../routes/reviews';
import { tapsByCard } from '../visits/stats';
import { photoFile } from './photos';

/** What every part is read from: the account, its published card (null before the first publish), the site. */
export type ExportSource = {
  db: Db;
  user: UserRow;
  card: { content: CardContent; publishedAt: string } | null;
  /** Every order, cards and plans alike, newest first: orders.json, subscription.json and events.json read them. */
  orders: Awaited<ReturnType<typeof ordersOfAccount>>;
  /** The quote requests its page received, newest first: enquiries.json and their photos read them. */
  enquiries: EnquiryRow[];
  /** The reviews it asked its customers for, newest first: reviews.json and their photos read them. */
  reviews: ReviewRow[];
  publicUrl: string;
};

/**
 * One JSON file of the export. `read` gives its content, or null when the account has nothing of the kind (no
 * plan, no subscription.json); `about` is its line in README.txt.
 */
export type ExportPart = { file: string; about: string; read(source: ExportSource): Promise<unknown> };

const pageUrl = (source: ExportSource) => pageAddress(source.publicUrl, source.user.username);

/**
 * The account's data as its owner sees it on the site, one file each, in the zip's order. Secrets (the password's
 * hash, sessions, codes, reset links) are not data the owner gave: none is read here.
 */
export const EXPORT_PARTS: ExportPart[] = [
  {
    file: 'account.json',
    about:
      'Your account: name, email, username, when it was made and changed, your plan and trial, your settings.',
    read: async (source) => ({
      ...userJson(source.user),
      trialEnded: source.user.trial_ended === 1,
      updatedAt: source.user.updated_at,
      pageUrl: pageUrl(source),
      weeklySummary: await weeklySummaryOn(source.db, source.user.id),
    }),
  },
  {
    file: 'card.json',
    about:
      'Your page as you last published it. Each photo is named by its file in photos/; "media" gives each ' +
      "photo's size and the widths we keep.",
    read: async (source) =>
      source.card && {
        pageUrl: pageUrl(source),
        publishedAt: source.card.publishedAt,
        ...withImagesNamed(source.card.content, (image) => photoFile(image.id)),
      },
  },
  {
    file: 'orders.json',
    about: 'Your NFC card orders, newest first: amounts, delivery details, tracking and status.',
    read: async (source) => source.orders.filter((order) => order.type === 'card').map(orderJson),
  },
  {
    file: 'subscription.json',
    about:
      'Your plans, newest first: status, trial, billing periods and cancellation (only if you have had one).',
    read: async (source) => {
      const plans = source.orders.filter((order) => order.type === 'subscription').map(orderJson);
      return plans.length > 0 ? plans : null;
    },
  },
  {
    file: 'nfc-cards.json',
    about:
      'Your NFC cards: the address each opens, whether it is switched on, and how often it has been tapped.',
    read: async (source) => {
      const [cards, taps] = await Promise.all([
        nfcCardsOfAccount(source.db, source.user.id),
        tapsByCard(source.db, source.user.id),
      ]);
      return cards.map((card) => nfcCardJson(source.publicUrl, card, taps.get(card.code) ?? UNTAPPED));
    },
  },
  {
    file: 'enquiries.json',
    about:
      'Quote requests from your page, newest first: who sent each and how to reach them, the job, its status, ' +
      'and its photos, each named by its file in photos/ (only if you have had one).',
    read: async (source) => {
      if (source.enquiries.length === 0) return null;
      return source.enquiries.map((row) => ({
        ...enquiryJson(row),
        photos: photosOf(row).map((image) => ({ ...image, file: photoFile(image.id) })),
      }));
    },
  },
  {
    file: 'reviews.json',
    about:
      'Reviews you asked your customers for, newest first: whom you asked, and what each customer wrote, their ' +
      'rating, your reply, and their photos, each named by its file in photos/ (only if you have asked for one).',
    read: async (source) => {
      if (source.reviews.length === 0) return null;
      return source.reviews.map((row) => ({
        ...reviewJson(row),
        email: row.email,
        photos: reviewPhotosOf(row).map((image) => ({ ...image, file: photoFile(image.id) })),
      }));
    },
  },
  {
    file: 'events.json',
    about:
      'Everything recorded about your account, oldest first, as we record it: each change to your account, ' +
      'page, orders, plan and cards, your page’s daily visit counts, the quote requests it received, the ' +
      'reviews you asked for, and your messages to us.',
    read: async (source) => {
      const rows = await source.db
        .selectFrom('events')
        .select(['stream_id', 'stream_position', 'type', 'data', 'occurred_at'])
        .where(eventsOfAccount(source.db, source.user, source.orders.map(streamOfOrder)))
        .orderBy('global_position')
        .execute();
      // Not the rows' metadata: it is for our audit and retries (who acted, the request's key), not the owner's data.
      return rows.map((row) => ({
        stream: row.stream_id,
        position: row.stream_position,
        type: row.type,
        occurredAt: row.occurred_at,
        data: JSON.parse(row.data) as unknown,
      }));
    },
  },
];

/** Read once, so card.json and the photos in the zip come from the same version of the card. */
export async function exportSource(db: Db, user: UserRow, publicUrl: string): Promise<ExportSource> {
  const row = await db
    .selectFrom('cards')
    .select(['content', 'published_at'])
    .where('account_id', '=', user.id)
    .executeTakeFirst();
  const card = row && { content: JSON.parse(row.content) as CardContent, publishedAt: row.published_at };
  return {
    db,
    user,
    card: card ?? null,
    orders: await ordersOfAccount(db, user.id),
    enquiries: await enquiriesOfAccount(db, user.id),
    reviews: await reviewsOfAccount(db, user.id),
    publicUrl,
  };
}
