import { useEffect, useRef } from 'react';
import { type Draft, objectUrls } from './draft';

/** Releases a picked photo's object URL once no draft shows it any more (removed, replaced, reset or left). */
export function useReleaseObjectUrls(draft: Draft) {
  const held = useRef<string[]>([]);

  useEffect(() => {
    const live = objectUrls(draft);
    for (const url of held.current) if (!live.includes(url)) URL.revokeObjectURL(url);
    held.current = live;
  }, [draft]);

  useEffect(
    () => () => {
      for (const url of held.current) URL.revokeObjectURL(url);
      held.current = [];
    },
    [],
  );
}
