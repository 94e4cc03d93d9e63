import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { migration as m0001 } from './migrations/0001-simulator';

export type ObjectType =
  | 'checkout.session'
  | 'customer'
  | 'payment_method'
  | 'setup_intent'
  | 'subscription'
  | 'invoice'
  | 'refund';

export interface SimulatorDatabase {
  objects: {
    position: Generated<number>;
    id: string;
    type: ObjectType;
    customer: string | null;
    receipt_token: string | null;
    /** Unix seconds when the clock next has work for the object (a session's expiry, a renewal); null for none. */
    due_at: number | null;
    created: number;
    data: string;
    internal: string;
  };
  events: { id: string; type: string; created: number; payload: string };
  deliveries: {
    position: Generated<number>;
    event_id: string;
    state: 'pending' | 'held' | 'delivered' | 'abandoned';
    attempts: number;
    /** Milliseconds on the simulator's clock. */
    next_attempt_at: number;
    last_error: string | null;
    delivered_at: number | null;
  };
  idempotency_keys: { key: string; fingerprint: string; status: number; body: string };
  simulator_state: { id: number; clock_offset_ms: number; holding_webhooks: number };
}

export type SimulatorDb = Kysely<SimulatorDatabase>;

// Listed in order, as the domain's are (platform/database/migrations/index.ts); a shipped migration never changes.
const migrations: Record<string, Migration> = { '0001-simulator': m0001 };

/** Opens (creating if needed) the simulator's own SQLite file, or ':memory:', and brings its schema up to date. */
export async function openSimulatorDatabase(file: string): Promise<SimulatorDb> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<SimulatorDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return db;
}
