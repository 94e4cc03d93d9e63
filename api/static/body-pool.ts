import type { Bytes } from './file-cache';

/**
 * Buffers a response's body is copied into when it was read into memory the next read reuses (a page answered from
 * its variants file, issue 29), each back in the pool once its response has been handed to the kernel. A page
 * answered this way then allocates nothing: at thousands a second, a fresh 5 KB buffer each was tens of megabytes
 * a second for the garbage collector, and resident memory that grew with the load.
 */
export function createBodyPool({ bufferBytes = 32 * 1024, maxFree = 128 } = {}) {
  const free: Bytes[] = [];
  let allocated = 0;
  return {
    /**
     * `body` copied into a pooled buffer, and the function that gives the buffer back (call it once the response
     * is finished); null for a body bigger than a buffer, which the caller copies into one of its own.
     */
    copy(body: Uint8Array): { bytes: Bytes; release: () => void } | null {
      if (body.length > bufferBytes) return null;
      let buffer = free.pop();
      if (!buffer) {
        buffer = Buffer.allocUnsafeSlow(bufferBytes) as Bytes;
        allocated += 1;
      }
      buffer.set(body);
      const taken = buffer;
      let released = false;
      return {
        bytes: taken.subarray(0, body.length),
        release: () => {
          if (released) return;
          released = true;
          if (free.length < maxFree) free.push(taken);
        },
      };
    },
    stats: () => ({ free: free.length, allocated }),
  };
}

export type BodyPool = ReturnType<typeof createBodyPool>;
