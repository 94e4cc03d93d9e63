import { FNV1A_START, fnv1a, mix32 } from '../../platform/fnv1a';

/**
 * Visitors a writer has written, not written again by it: a visitor who opens the page, saves the number and calls
 * is one row, written once. Forgotten wholesale past this many, which only costs the database a look at rows already
 * there (ON CONFLICT DO NOTHING).
 */
export const MAX_WRITTEN = 50_000;
/** Slots of the table, a power of two at least twice MAX_WRITTEN so that a probe is short. */
const SLOTS = 1 << 17;

/**
 * A fixed 1 MB table of a 64-bit hash of each visitor's key (its page, day and visitor hash), not a set of strings:
 * under traffic spread over every page nearly every visitor is new, and ~100 bytes of string and an entry each filled
 * ~6 MB of the writing thread's old generation (issue 29). A new visitor is taken for one written only when both
 * 32-bit halves match one of the 50,000 held, about once in 10^14; it would then go uncounted as a visitor, its views
 * still counted. Seeded afresh by each process.
 */
export function writtenVisitors(
  seeds: [number, number] = [(Math.random() * 0x1_0000_0000) >>> 0, (Math.random() * 0x1_0000_0000) >>> 0],
) {
  const table = new Uint32Array(SLOTS * 2);
  let entries = 0;
  const starts = seeds.map((seed) => (FNV1A_START ^ seed) >>> 0) as [number, number];
  /** The key's slot: where it is, or the empty one where it would go. */
  const find = (first: number, second: number): number => {
    for (let slot = first & (SLOTS - 1); ; slot = (slot + 1) & (SLOTS - 1)) {
      const stored = table[slot * 2];
      if (stored === 0 || (stored === first && table[slot * 2 + 1] === second)) return slot;
    }
  };
  // 0 marks an empty slot.
  const halves = (key: string): [number, number] => [
    mix32(fnv1a(key, starts[0])) || 1,
    mix32(fnv1a(key, starts[1])),
  ];
  return {
    has(key: string): boolean {
      const [first, second] = halves(key);
      return table[find(first, second) * 2] !== 0;
    },
    /** Adds `keys` (a chunk's visitors, once it is in the database); the table starts afresh first if they'd fill it. */
    addAll(keys: readonly string[]) {
      if (entries + keys.length > MAX_WRITTEN) {
        table.fill(0);
        entries = 0;
      }
      for (const key of keys) {
        const [first, second] = halves(key);
        const slot = find(first, second);
        if (table[slot * 2] !== 0) continue;
        table[slot * 2] = first;
        table[slot * 2 + 1] = second;
        entries += 1;
      }
    },
    get size() {
      return entries;
    },
  };
}

export type WrittenVisitors = ReturnType<typeof writtenVisitors>;
