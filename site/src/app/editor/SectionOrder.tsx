import { type Dispatch, memo } from 'react';
import { normaliseSectionOrder, type SectionKey } from '../../../../events/card/content';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';
import { canMove, SECTION_LABELS } from './section-order';

type Props = { order: SectionKey[]; dispatch: Dispatch<EditorAction> };

/** SPEC §4: Main stays first; each other section moves up or down one place at a time. */
export const SectionOrder = memo(function SectionOrder({ order, dispatch }: Props) {
  const sections = normaliseSectionOrder(order);
  return (
    <Panel id="ed-order" title="Section order">
      <ol className="ed-order">
        {sections.map((key) => {
          const label = SECTION_LABELS[key];
          return (
            <li key={key} className="ed-order__item">
              <span>{label}</span>
              {key === 'main' ? (
                <span className="ed-hint">Always first</span>
              ) : (
                <span className="ed-order__moves">
                  {(['up', 'down'] as const).map((direction) => {
                    const allowed = canMove(sections, key, direction);
                    return (
                      // aria-disabled rather than disabled: a button that just moved to the end keeps focus.
                      <button
                        key={direction}
                        type="button"
                        className="ed-move__button"
                        aria-label={`Move ${label} ${direction}`}
                        aria-disabled={!allowed}
                        onClick={() => allowed && dispatch({ type: 'move', section: key, direction })}
                      >
                        <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
                      </button>
                    );
                  })}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </Panel>
  );
});
