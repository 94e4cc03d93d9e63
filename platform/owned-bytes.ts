/**
 * Bytes a cache keeps, in memory of their own. Node 24's `Buffer.allocUnsafe` (and so `Buffer.concat`, zlib's
 * results and most small reads) hands out anything under 32 KB as a slice of a shared 64 KB slab
 * (`Buffer.poolSize`), and one slice kept keeps the whole slab: the file caches, full of ~25 KB pages and ~4 KB
 * compressed copies, held 2.5× their budgets (issue 29: 56 MB of slabs behind a 24 MB cache, measured in a heap
 * snapshot over 1,000 profiles). Short-lived buffers are better off in the pool (`pooledCopy`); only what outlives
 * the request goes through `ownCopy` or `owned`.
 */

/**
 * A copy to send, from the shared pool: it lives as long as its write. Not zero-filled first (Buffer.from and
 * copyBytesFrom both cost twice as much).
 */
export function pooledCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafe(bytes.length);
  copy.set(bytes);
  return copy;
}

/** A copy of `bytes` in an allocation of exactly their length (uninitialised first, then filled: no zeroing). */
export function ownCopy(bytes: Uint8Array): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
}

/** `bytes` itself when they are the whole of their memory, else a copy that is. */
export function owned<T extends Uint8Array>(bytes: T): T | Buffer {
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length ? bytes : ownCopy(bytes);
}
