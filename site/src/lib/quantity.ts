// Apart from checkout.ts, which holds the session: the server imports the sign-in rules that use this
// (site/src/auth/destination.ts, through lib/chat.ts), and must not take in the browser's stores with it.

export const MAX_QUANTITY = 50;

/** SPEC §5: at least 1; our API also stops at 50, so the selector does too. */
export const clampQuantity = (value: number) =>
  Number.isFinite(value) ? Math.min(MAX_QUANTITY, Math.max(1, Math.round(value))) : 1;
