import { z } from 'zod/mini';
import { messageAnswer } from './message';

/** The signed-in user as SPEC §3 names it (api/accounts/users.ts userJson builds it; the site keeps a copy in localStorage). */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  isSubscribed: z.boolean(),
  trialExpires: z.nullable(z.string()),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** GET /profile. */
export const profileAnswer = z.object({ success: z.literal(true), data: userSchema });
export type ProfileAnswer = z.infer<typeof profileAnswer>;

/** PUT /profile: the user as the change left them. */
export const profileUpdatedAnswer = z.extend(messageAnswer, { data: userSchema });
export type ProfileUpdatedAnswer = z.infer<typeof profileUpdatedAnswer>;

/** POST /login. The token is for API clients; the browser's session is the cookie the answer sets (ADR 015). */
export const loginAnswer = z.extend(messageAnswer, { token: z.string(), user: userSchema });
export type LoginAnswer = z.infer<typeof loginAnswer>;
