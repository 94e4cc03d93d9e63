import { startTransition, useEffect, useState } from 'react';

/**
 * False until the browser has painted what the component first rendered, then true: for what can wait until the
 * editor is on screen, so its script, requests and rendering don't hold back the first paint (Lighthouse, issue 12).
 * What then appears renders as a transition, in slices that leave the main thread free for input between them.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A task queued from the next frame runs after that frame's paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
