import { type Rendition, SAVE_BUDGET_MS } from './render-core';
import { createRenderPool, defaultPoolSize, type RenderPool, type SaveBudget } from './render-pool';
import { photoPriority } from './render-priority';
import type { PhotoHeader, PhotoSource } from './sniff';

export {
  MAX_PIXELS,
  MAX_STORED_WIDTH,
  OverBudget,
  type Rendition,
  renditionWidths,
  SAVE_BUDGET_MS,
} from './render-core';
export { RenderFailed, type SaveBudget } from './render-pool';

/** How long a render thread waits for more work before it exits and gives its memory back. */
export const RENDER_IDLE_MS = 10_000;
/** A photo still waiting for a render thread after this long is refused: about 60 phone photos queued ahead. */
export const RENDER_MAX_WAIT_MS = 60_000;

let pool: RenderPool | null = null;

/** The process's render threads, started with the first photo. */
export const renderPool = (): RenderPool => {
  pool ??= createRenderPool({
    size: defaultPoolSize(),
    idleMs: RENDER_IDLE_MS,
    maxWaitMs: RENDER_MAX_WAIT_MS,
    priority: photoPriority(),
  });
  return pool;
};

/**
 * Every stored size as WebP, smallest first, decoded and encoded on a render thread (render-pool.ts) so the event
 * loop keeps serving pages meanwhile. Throws RenderFailed if the upload cannot be decoded (truncated, corrupt), and
 * OverBudget when the save's budget runs out first (a deadline in ms since the epoch, or a budget its photos share,
 * which the wait for a thread does not use up): the thread doing it is stopped then, so one save can't hold a CPU
 * for longer than its budget.
 */
export async function renderWebps(
  source: PhotoSource,
  header: PhotoHeader,
  budget: number | SaveBudget = Date.now() + SAVE_BUDGET_MS,
): Promise<Rendition[]> {
  const shared = typeof budget === 'number' ? { deadline: budget } : budget;
  const rendered = await renderPool().render({ source, header, budget: shared });
  return rendered.map(({ width, height, webp }) => ({
    width,
    height,
    webp: Buffer.from(webp.buffer, webp.byteOffset, webp.byteLength),
  }));
}
