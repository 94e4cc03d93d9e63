import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * A nanostore's value in a React island. The server render sees `serverValue` (the signed-out state), so the first
 * client render matches it and then updates; islands hydrate without mismatches.
 */
export function useStoreValue<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => serverValue,
  );
}
