import { sql } from 'kysely';
import type { ObjectType, SimulatorDb } from './db';

/** A stored object: what the API returns (`data`) and what only the simulator reads (`internal`). */
export type Stored<T, I = Record<string, never>> = { data: T; internal: I; dueAt: number | null };

export type NewObject<T extends { id: string; created: number }, I> = {
  type: ObjectType;
  data: T;
  internal?: I;
  customer?: string | null;
  receiptToken?: string | null;
  dueAt?: number | null;
};

export async function insertObject<T extends { id: string; created: number }, I>(
  db: SimulatorDb,
  object: NewObject<T, I>,
): Promise<T> {
  await db
    .insertInto('objects')
    .values({
      id: object.data.id,
      type: object.type,
      customer: object.customer ?? null,
      receipt_token: object.receiptToken ?? null,
      due_at: object.dueAt ?? null,
      created: object.data.created,
      data: JSON.stringify(object.data),
      internal: JSON.stringify(object.internal ?? {}),
    })
    .execute();
  return object.data;
}

type Row = { data: string; internal: string; due_at: number | null };

const parsed = <T, I>(row: Row | undefined): Stored<T, I> | undefined =>
  row && {
    data: JSON.parse(row.data) as T,
    internal: JSON.parse(row.internal) as I,
    dueAt: row.due_at,
  };

export async function findObject<T, I = Record<string, never>>(
  db: SimulatorDb,
  type: ObjectType,
  id: string,
): Promise<Stored<T, I> | undefined> {
  const row = await db
    .selectFrom('objects')
    .select(['data', 'internal', 'due_at'])
    .where('type', '=', type)
    .where('id', '=', id)
    .executeTakeFirst();
  return parsed<T, I>(row);
}

export async function findByReceiptToken<T>(db: SimulatorDb, token: string): Promise<T | undefined> {
  const row = await db
    .selectFrom('objects')
    .select(['data', 'internal', 'due_at'])
    .where('receipt_token', '=', token)
    .executeTakeFirst();
  return parsed<T, unknown>(row)?.data;
}

/** Writes an object back; `changes` name only the columns that change besides the JSON. */
export async function saveObject<T extends { id: string }, I>(
  db: SimulatorDb,
  data: T,
  changes: {
    internal?: I;
    dueAt?: number | null;
    customer?: string | null;
    receiptToken?: string | null;
  } = {},
): Promise<T> {
  await db
    .updateTable('objects')
    .set({
      data: JSON.stringify(data),
      ...(changes.internal === undefined ? {} : { internal: JSON.stringify(changes.internal) }),
      ...(changes.dueAt === undefined ? {} : { due_at: changes.dueAt }),
      ...(changes.customer === undefined ? {} : { customer: changes.customer }),
      ...(changes.receiptToken === undefined ? {} : { receipt_token: changes.receiptToken }),
    })
    .where('id', '=', data.id)
    .execute();
  return data;
}

/** A customer's objects of one type, newest first as Stripe lists them. */
export async function listObjects<T>(
  db: SimulatorDb,
  type: ObjectType,
  customer: string | null,
  limit: number,
): Promise<{ data: T[]; hasMore: boolean }> {
  let query = db.selectFrom('objects').select('data').where('type', '=', type);
  if (customer !== null) query = query.where('customer', '=', customer);
  const rows = await query
    .orderBy('position', 'desc')
    .limit(limit + 1)
    .execute();
  return { data: rows.slice(0, limit).map((row) => JSON.parse(row.data) as T), hasMore: rows.length > limit };
}

/**
 * Objects of one type whose JSON holds `value` at a top-level `field` (a refund's or a session's `payment_intent`),
 * newest first. For the few lookups Stripe makes by something other than id or customer; the simulator's volumes
 * need no index for them.
 */
export async function objectsNaming<T>(
  db: SimulatorDb,
  type: ObjectType,
  field: string,
  value: string,
  limit: number,
): Promise<{ data: T[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('objects')
    .select('data')
    .where('type', '=', type)
    .where(sql<string>`json_extract(data, ${`$.${field}`})`, '=', value)
    .orderBy('position', 'desc')
    .limit(limit + 1)
    .execute();
  return { data: rows.slice(0, limit).map((row) => JSON.parse(row.data) as T), hasMore: rows.length > limit };
}

export const countObjects = async (db: SimulatorDb, type: ObjectType): Promise<number> => {
  const row = await db
    .selectFrom('objects')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const nextDueObject = (db: SimulatorDb, at: number) =>
  db
    .selectFrom('objects')
    .select(['id', 'type', 'due_at'])
    .where('due_at', 'is not', null)
    .where('due_at', '<=', at)
    .orderBy('due_at')
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
