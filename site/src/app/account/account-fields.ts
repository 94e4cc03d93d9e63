/** The public address of a user's page (SPEC §2 "/u/{username}"), shown read-only on My Account. */
export const pageUrl = (origin: string, username: string) => `${origin}/u/${encodeURIComponent(username)}`;

// SPEC §8 "Account" and "Forgot password", word for word.
export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const RESET_SENT = 'Password reset link sent to your email!';
export const RESET_FAILED = 'Failed to send reset link';
export const RESET_NO_EMAIL = 'Your email is not available to send a reset link.';
