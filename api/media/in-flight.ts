/**
 * Photos a request in this process is working with: being decoded, written, or named in a publish not yet
 * committed. Media files are shared by content (the same upload is one file), so neither a refused request cleaning
 * up after itself nor the sweep may remove a file another request is about to publish. A map in memory is the whole
 * truth for one server process; files written by another process (the demo seed) are protected by the sweep's grace
 * period instead, and a publish on another instance is not seen here at all (ADR 025 says when that matters).
 */
const holders = new Map<string, number>();
const removing = new Map<string, Promise<void>>();

/** Marks `id` as in use until the returned release is called; waits out a removal already under way. */
export async function holdMedia(id: string): Promise<() => void> {
  holders.set(id, (holders.get(id) ?? 0) + 1);
  await removing.get(id);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (holders.get(id) ?? 1) - 1;
    if (left === 0) holders.delete(id);
    else holders.set(id, left);
  };
}

export const isMediaHeld = (id: string) => holders.has(id);

/**
 * Runs `remove` for `id` unless a request holds it; a request that takes hold meanwhile waits for the removal to
 * finish, then finds the files gone and writes its own. Returns whether it removed.
 */
export async function removeMediaUnlessHeld(id: string, remove: () => Promise<void>): Promise<boolean> {
  if (holders.has(id) || removing.has(id)) return false;
  const done = remove().finally(() => removing.delete(id));
  removing.set(id, done);
  await done;
  return true;
}
