/** Where replay builds a table beside the live one, and where the replaced one waits to be dropped. */
export const SHADOW_PREFIX = 'replay_shadow_';
export const OLD_PREFIX = 'replay_old_';
