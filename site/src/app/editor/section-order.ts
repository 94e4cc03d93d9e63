import { normaliseSectionOrder, type SectionKey } from '../../../../events/card/content';

export type Direction = 'up' | 'down';

export const SECTION_LABELS: Record<SectionKey, string> = {
  main: 'Main',
  about: 'About Me',
  work: 'My Work',
  services: 'My Services',
  reviews: 'Reviews',
  contact: 'Contact',
};

/**
 * SPEC §4: Main is locked first; of the rest, the first can't go up and the last can't go down. Read against the
 * normalised order, so a stored order missing a section still moves sensibly.
 */
export function canMove(order: readonly string[], key: SectionKey, direction: Direction): boolean {
  const normal = normaliseSectionOrder(order);
  const index = normal.indexOf(key);
  if (key === 'main' || index < 1) return false;
  return direction === 'up' ? index > 1 : index < normal.length - 1;
}

/** The order with `key` swapped with its neighbour; unchanged when the move isn't allowed. */
export function moveSection(order: readonly string[], key: SectionKey, direction: Direction): SectionKey[] {
  const normal = normaliseSectionOrder(order);
  if (!canMove(normal, key, direction)) return normal;
  const index = normal.indexOf(key);
  const other = direction === 'up' ? index - 1 : index + 1;
  const moved = [...normal];
  [moved[index], moved[other]] = [moved[other] as SectionKey, key];
  return moved;
}
