import { z } from 'zod/mini';

/** An action's answer: a sentence the screen shows as it is (SPEC §8). */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** POST /register: the address the code went to comes back with the sentence. */
export const registerAnswer = z.extend(messageAnswer, { email: z.string() });
export type RegisterAnswer = z.infer<typeof registerAnswer>;
