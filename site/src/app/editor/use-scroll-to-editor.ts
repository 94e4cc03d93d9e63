import { type RefObject, useEffect } from 'react';

/** SPEC §3: set by screens that send people here to edit; honoured once, then cleared. */
export const SCROLL_TO_EDITOR_KEY = 'scrollToEditorOnLoad';

export function useScrollToEditor(target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    try {
      if (!localStorage.getItem(SCROLL_TO_EDITOR_KEY)) return;
      localStorage.removeItem(SCROLL_TO_EDITOR_KEY);
    } catch {
      return;
    }
    target.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [target]);
}
