import { fnv1a } from '../../platform/fnv1a';

/** Times a page is read from its file among the last thousand before it is kept: the next read keeps it. */
const READS_BEFORE_KEPT = 2;

/**
 * Remembers how often files were asked for lately, in a fixed 320 KB whatever the number of pages: a file's hash and
 * its reads in a slot of its own. Forgets everything every 1,024 files recorded, so "often" means twice among the
 * last thousand pages read. Not once: under visits spread over 100,000 pages one in a hundred is a second visit by
 * chance, and each page kept for it is a 25 KB copy the garbage collector only frees with its next full collection,
 * so a thread's memory held up to 50 MB of them (issue 29, measured: a server without them read 272 MB after a
 * minute of such traffic, against 325). A page visited a few times a second is kept at its third. A collision only
 * costs a page kept that needn't have been, or kept later.
 */
export function doorkeeper(slots = 65_536) {
  const hashes = new Uint32Array(slots);
  const reads = new Uint8Array(slots);
  let recorded = 0;
  /** Forgotten after this many recorded: "often" means among the last thousand pages read. */
  const memory = Math.min(slots, 1024);
  return {
    often(key: string): boolean {
      // 0 marks an empty slot.
      const hash = fnv1a(key) || 1;
      const slot = hash & (slots - 1);
      if (hashes[slot] === hash) {
        const before = reads[slot] as number;
        if (before >= READS_BEFORE_KEPT) return true;
        reads[slot] = before + 1;
        return false;
      }
      hashes[slot] = hash;
      reads[slot] = 1;
      if (++recorded >= memory) {
        hashes.fill(0);
        recorded = 0;
      }
      return false;
    },
  };
}
