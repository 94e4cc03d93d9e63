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

/**
 * MurmurHash3's 32-bit finaliser: every bit of `hash` moves every bit of the result, so the low bits of an FNV-1a
 * hash, which pick a table's slot, depend on the whole key.
 */
export function mix32(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
