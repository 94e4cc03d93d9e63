/**
 * The PostgreSQL database of an install that runs on one (ADR 023), or null for SQLite's file in DATA_DIR. Read here
 * until api/env.ts reads DATABASE_URL itself (issue 15); the ops scripts then take it from there.
 */
export const databaseUrl = (): string | null => process.env.DATABASE_URL || null;
