import { type Dispatch, type DragEvent, useState } from 'react';
import type { EditorAction, RowList } from './reducer';

type Row = { key: string };

const moveButtonId = (key: string, direction: 'up' | 'down') => `ed-move-${key}-${direction}`;

/**
 * Reordering a list of photos, services or reviews, by drag (the row's handle) and by keyboard (Move up / Move
 * down buttons). Each move is announced in a polite live region, and focus stays on the button pressed, which
 * moved with its row (React moves the row's node, and a moved node loses focus).
 */
export function useReorder(
  list: RowList,
  rows: readonly Row[],
  dispatch: Dispatch<EditorAction>,
  noun: string,
) {
  const [announcement, setAnnouncement] = useState('');
  const [grabbed, setGrabbed] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);

  function move(key: string, to: number, label: string, refocus?: 'up' | 'down') {
    const place = Math.max(0, Math.min(to, rows.length - 1));
    dispatch({ type: 'moveRow', list, key, to: place });
    setAnnouncement(`${label} moved to place ${place + 1} of ${rows.length}.`);
    if (refocus) requestAnimationFrame(() => document.getElementById(moveButtonId(key, refocus))?.focus());
  }

  /** Props for the row's element: it can be dropped on, and dragged while its handle is held. */
  function rowProps(row: Row, index: number, label: string) {
    return {
      draggable: grabbed === row.key,
      'data-dragging': dragging === row.key ? 'true' : undefined,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', label);
        setDragging(row.key);
      },
      onDragOver: (event: DragEvent) => {
        if (dragging !== null) event.preventDefault();
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        const moved = rows.findIndex((item) => item.key === dragging);
        if (dragging !== null && moved >= 0 && dragging !== row.key)
          move(dragging, index, `${noun} ${moved + 1}`);
      },
      onDragEnd: () => {
        setDragging(null);
        setGrabbed(null);
      },
    };
  }

  // Render functions, not components: a component defined here would be a new type each render and remount.
  function handle(row: Row) {
    return (
      <span
        className="ed-move__handle"
        aria-hidden="true"
        title="Drag to reorder"
        onPointerDown={() => setGrabbed(row.key)}
        onPointerUp={() => setGrabbed(null)}
      >
        ⠿
      </span>
    );
  }

  function moveButtons(row: Row, index: number, label: string) {
    return (
      <span className="ed-move">
        {(['up', 'down'] as const).map((direction) => {
          const allowed = direction === 'up' ? index > 0 : index < rows.length - 1;
          return (
            // aria-disabled rather than disabled: a button that just moved to the end keeps focus.
            <button
              key={direction}
              id={moveButtonId(row.key, direction)}
              type="button"
              className="ed-move__button"
              aria-label={`Move ${label} ${direction}`}
              aria-disabled={!allowed}
              onClick={() =>
                allowed && move(row.key, index + (direction === 'up' ? -1 : 1), label, direction)
              }
            >
              <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
            </button>
          );
        })}
      </span>
    );
  }

  /** A service's or review's own tools: its handle, its moves and Remove. */
  function rowTools(row: Row, index: number, label: string, remove: () => void) {
    return (
      <div className="ed-row__tools">
        {handle(row)}
        {moveButtons(row, index, label)}
        <button type="button" className="button button--ghost ed-small" onClick={remove}>
          Remove<span className="visually-hidden"> {label}</span>
        </button>
      </div>
    );
  }

  const live = (
    <p className="visually-hidden" aria-live="polite">
      {announcement}
    </p>
  );

  return { rowProps, handle, moveButtons, rowTools, live };
}
