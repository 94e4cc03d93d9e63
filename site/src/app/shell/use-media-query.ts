import { useSyncExternalStore } from 'react';

/** Whether a media query matches now, re-rendering when it changes (the sidebar's 1000 px switch). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
