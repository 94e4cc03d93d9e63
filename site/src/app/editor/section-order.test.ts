import { describe, expect, it } from 'vitest';
import { DEFAULT_SECTION_ORDER } from '../../../../events/card/content';
import { canMove, moveSection } from './section-order';

describe('canMove', () => {
  const order = DEFAULT_SECTION_ORDER;

  it('never moves Main', () => {
    expect(canMove(order, 'main', 'up')).toBe(false);
    expect(canMove(order, 'main', 'down')).toBe(false);
  });

  it('stops the first movable section going up and the last going down', () => {
    expect(canMove(order, 'about', 'up')).toBe(false);
    expect(canMove(order, 'about', 'down')).toBe(true);
    expect(canMove(order, 'contact', 'down')).toBe(false);
    expect(canMove(order, 'contact', 'up')).toBe(true);
    expect(canMove(order, 'work', 'up')).toBe(true);
  });
});

describe('moveSection', () => {
  it('swaps a section with its neighbour', () => {
    expect(moveSection(DEFAULT_SECTION_ORDER, 'services', 'up')).toEqual([
      'main',
      'about',
      'services',
      'work',
      'reviews',
      'contact',
    ]);
    expect(moveSection(DEFAULT_SECTION_ORDER, 'about', 'down')).toEqual([
      'main',
      'work',
      'about',
      'services',
      'reviews',
      'contact',
    ]);
  });

  it('leaves the order alone at the edges and for Main', () => {
    expect(moveSection(DEFAULT_SECTION_ORDER, 'about', 'up')).toEqual(DEFAULT_SECTION_ORDER);
    expect(moveSection(DEFAULT_SECTION_ORDER, 'contact', 'down')).toEqual(DEFAULT_SECTION_ORDER);
    expect(moveSection(DEFAULT_SECTION_ORDER, 'main', 'down')).toEqual(DEFAULT_SECTION_ORDER);
  });

  it('normalises first: Main first, each of the six once, unknown keys dropped, missing ones added', () => {
    const stored = ['contact', 'banner', 'main', 'contact', 'about'];
    expect(moveSection(stored, 'about', 'up')).toEqual([
      'main',
      'about',
      'contact',
      'work',
      'services',
      'reviews',
    ]);
    expect(canMove(stored, 'contact', 'up')).toBe(false);
  });
});
