import { useEffect, useRef } from 'react';
import { type Draft, objectUrls } from './draft';

/**
 * Releases a picked photo's object URL once no draft shows it any more (removed, replaced, reset or left), nor the
 * one a reset cleared (`kept`), which Undo may bring back.
 */
export function useReleaseObjectUrls(draft: Draft, kept: Draft | null = null) {
  const held = useRef<string[]>([]);

  useEffect(() => {
    const live = [...objectUrls(draft), ...(kept ? objectUrls(kept) : [])];
    for (const url of held.current) if (!live.includes(url)) URL.revokeObjectURL(url);
    held.current = live;
  }, [draft, kept]);

  useEffect(
    () => () => {
      for (const url of held.current) URL.revokeObjectURL(url);
      held.current = [];
    },
    [],
  );
}
