import { ApiError } from '../lib/api';

/** SPEC §8: the server's own words when it gave some, else the screen's fallback. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;
