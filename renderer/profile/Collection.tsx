import type { ReactNode } from 'react';
import type { DisplayCard } from './view-model';

type Mode = DisplayCard['work_display_mode'];

const CLASS: Record<Mode, string> = { list: 'tc-l', grid: 'tc-g', carousel: 'tc-c' };

type Props = { mode: Mode; label: string; className?: string; children: ReactNode };

/**
 * List, grid or carousel. The carousel is CSS scroll-snap alone (no script on the page); it takes keyboard focus so
 * it can be scrolled without a pointer.
 */
export function Collection({ mode, label, className, children }: Props) {
  const base = CLASS[mode] ?? CLASS.list;
  const carousel = base === CLASS.carousel;
  return (
    <ul
      className={className ? `${base} ${className}` : base}
      aria-label={carousel ? `${label}, scrolls sideways` : undefined}
      tabIndex={carousel ? 0 : undefined}
    >
      {children}
    </ul>
  );
}
