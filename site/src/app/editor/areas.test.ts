import { describe, expect, it } from 'vitest';
import { MAX_AREAS } from '../../../../events/card/content';
import { parseCardFields } from '../../../../events/card/input';
import { addAreas } from './areas';
import { roughlyDiallable } from './tel-href';

describe('addAreas', () => {
  it('adds each place typed, commas between them, as the API keeps it: districts in capitals, spaces squeezed', () => {
    expect(addAreas(['Leeds'], ' bs3 , Clifton  Wood;ls6 ')).toEqual({
      areas: ['Leeds', 'BS3', 'Clifton Wood', 'LS6'],
      problem: null,
    });
  });

  it('adds a place once, whatever its case', () => {
    expect(addAreas(['Leeds', 'BS3'], 'leeds, bs3, Otley').areas).toEqual(['Leeds', 'BS3', 'Otley']);
  });

  it('leaves out what can’t be a place, in the API’s words, and adds the rest', () => {
    const added = addAreas([], 'Bath, <b>x</b>, Keynsham');
    expect(added.areas).toEqual(['Bath', 'Keynsham']);
    expect(added.problem).toBe(
      '“<b>x</b>” can’t be added. Each area must be a town or a postcode district like BS3.',
    );
    expect(addAreas([], 'x'.repeat(61)).problem).toBe('Each area must be at most 60 characters.');
  });

  it('stops at the limit and says so', () => {
    const full = Array.from({ length: MAX_AREAS - 1 }, (_, index) => `LS${index + 1}`);
    const added = addAreas(full, 'Otley, Ilkley');
    expect(added.areas).toHaveLength(MAX_AREAS);
    expect(added.areas.at(-1)).toBe('Otley');
    expect(added.problem).toBe(`You can list at most ${MAX_AREAS} areas.`);
  });

  it('adds only what the API accepts', () => {
    const { areas } = addAreas([], 'St Albans, Bishop’s Stortford, Weston-super-Mare, SW1A, M1, bs3');
    const parsed = parseCardFields({ areas_covered: JSON.stringify(areas) }, roughlyDiallable);
    expect(parsed.ok && parsed.fields.areas_covered).toEqual(areas);
  });
});
