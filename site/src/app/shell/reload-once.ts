const KEY = 'tradecard.reloadedAfterError';
/** A reload that fails again within this long is the same failure: show the error screen, don't loop. */
const WINDOW_MS = 30_000;

/** SPEC §4 "Error screen": reload the page once on a render error or a failed chunk load, never in a loop. */
export function reloadOnce(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (now - last < WINDOW_MS) return false;
  sessionStorage.setItem(KEY, String(now));
  window.location.reload();
  return true;
}

/** Bundles that fail to load (a deploy replaced them, or the signal dropped) get the same single reload. */
export function reloadOnFailedChunks() {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadOnce();
  });
  window.addEventListener('unhandledrejection', (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? event.reason);
    if (/Failed to fetch dynamically imported module|Importing a module script failed/i.test(message))
      reloadOnce();
  });
}
