/**
 * The least recently used entries go first once their bytes together pass `maxBytes`. A Map keeps insertion order,
 * so re-inserting an entry on use (`touch`) makes the first key the oldest.
 */
export function sizedLru<Slot extends { bytes: number }>(maxBytes: number) {
  const slots = new Map<string, Slot>();
  let total = 0;

  const drop = (key: string) => {
    const slot = slots.get(key);
    if (!slot) return;
    slots.delete(key);
    total -= slot.bytes;
  };

  return {
    slots,
    drop,
    insert(key: string, slot: Slot) {
      drop(key);
      slots.set(key, slot);
      total += slot.bytes;
      for (const [oldest] of slots) {
        if (total <= maxBytes) break;
        drop(oldest);
      }
    },
    touch(key: string, slot: Slot) {
      slots.delete(key);
      slots.set(key, slot);
    },
    /** A slot grew in place (a brotli variant added after it was cached). */
    grew(slot: Slot, bytes: number) {
      slot.bytes += bytes;
      total += bytes;
    },
    total: () => total,
  };
}
