import { useEffect, useRef, useState } from 'react';

/** A link click that leaves this page for another of ours, in this tab: the ones worth asking about. */
export function leavingLink(event: MouseEvent, here: Location): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, here.href);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return url;
}

/**
 * Leaving the editor with unpublished changes warns (issue 14): a reload or a closed tab through the browser's
 * own beforeunload question, a link of ours through the editor's dialog (`pending` is where it would go). The
 * draft is kept on this device either way; the warning says so, and saying Leave leaves without asking twice.
 */
export function useLeaveGuard(dirty: boolean) {
  const [pending, setPending] = useState<URL | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const url = leavingLink(event, window.location);
      if (!url) return;
      event.preventDefault();
      setPending(url);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return {
    pending,
    stay: () => setPending(null),
    leave: () => {
      if (!pending) return;
      leaving.current = true;
      window.location.assign(pending.href);
    },
  };
}
