import type { Db } from '../platform/database/db';
import { writePageAt } from './page-files';
import type { WritePage } from './page-writer';
import { type BatchedRows, type RenderedRows, rowsInBatches, rowsNow } from './rendered-rows';

/**
 * How a render shares the database and the event loop with others: alone (the projector, a publish), or as one of
 * a rebuild's many (rebuild.ts).
 */
export type RenderBatch = {
  rows: RenderedRows;
  /** Waits for a turn to draw and write the page; resolves with the function that ends it. */
  turn(): Promise<() => void>;
  /** Writes a drawn page and its compressed copies: here, or on a rebuild's page writer (page-writer.ts). */
  writePage: WritePage;
};

const nothingToEnd = () => {};

export const renderAlone = (db: Db): RenderBatch => ({
  rows: rowsNow(db),
  turn: async () => nothingToEnd,
  writePage: writePageAt,
});

/**
 * A rebuild's renders: their rows written together (rendered-rows.ts), and at most `drawing` of them drawing and
 * writing their pages at a time. Drawing and compressing a page is a millisecond or more of the event loop, and a
 * turn of the loop runs every render whose write has finished: a hundred at once held it for hundreds of
 * milliseconds, which a server rendering every page after a release (upgradePageTemplate) can't have.
 */
export function renderingTogether(
  db: Db,
  drawing: number,
  writePage: WritePage = writePageAt,
): RenderBatch & { rows: BatchedRows } {
  let free = drawing;
  const waiting: (() => void)[] = [];
  const giveBack = () => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    rows: rowsInBatches(db),
    writePage,
    async turn() {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        giveBack();
      };
    },
  };
}
