/** FNV-1a's 32-bit offset basis: the hash of nothing, where a hash starts. */
export const FNV1A_START = 0x811c9dc5;

/**
 * 32-bit FNV-1a of `text`'s UTF-16 code units, continued from `hash`, so several strings hash as one without being
 * joined (no string is made). Not for secrets: for fixed tables that must tell keys apart cheaply.
 */
export function fnv1a(text: string, hash: number = FNV1A_START): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
