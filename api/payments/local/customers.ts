import type { Db } from '../../../events/db';
import { newId } from './ids';

/** Stripe's test cards: 4242 always pays; 0341 can be saved but every charge on it is declined. */
export const TEST_CARDS = {
  '4242': { label: 'Visa ending 4242 — payments succeed', pays: true },
  '0341': { label: 'Visa ending 0341 — payments are declined', pays: false },
} as const;

export type TestCard = keyof typeof TEST_CARDS;

export const isTestCard = (value: string): value is TestCard => Object.hasOwn(TEST_CARDS, value);

/** A customer without a card, or with the declining one, can't be charged. */
export const cardPays = (last4: string | null | undefined) =>
  last4 !== null && last4 !== undefined && isTestCard(last4) && TEST_CARDS[last4].pays;

export const findCustomer = (db: Db, id: string) =>
  db.selectFrom('local_customers').selectAll().where('id', '=', id).executeTakeFirst();

/** Any future date will do for a test card; three years on, as a newly issued card might run. */
const cardExpiry = (at: string) => ({ card_exp_month: 12, card_exp_year: new Date(at).getUTCFullYear() + 3 });

/**
 * Saves the card on the customer the order names, or on a new customer when it names none (or one this provider
 * never made). The card becomes the one every later charge uses, as a new default payment method would.
 */
export async function saveCard(
  db: Db,
  input: { customerId: string | null; email: string; card: TestCard; at: string },
): Promise<string> {
  const existing = input.customerId === null ? undefined : await findCustomer(db, input.customerId);
  const card = { card_last4: input.card, ...cardExpiry(input.at), updated_at: input.at };
  if (existing) {
    await db.updateTable('local_customers').set(card).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const id = newId('cus');
  await db
    .insertInto('local_customers')
    .values({ id, email: input.email, ...card, created_at: input.at })
    .execute();
  return id;
}
