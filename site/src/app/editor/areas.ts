import {
  AREA_PROBLEM,
  areaName,
  isAreaName,
  MAX_AREA_LENGTH,
  TOO_MANY_AREAS,
} from '../../../../events/card/areas';
import { MAX_AREAS } from '../../../../events/card/content';

export type AddedAreas = { areas: string[]; problem: string | null };

/**
 * What typing `typed` into "Add an area" and pressing Add does: each town or district it names (several may be
 * separated by commas) joins the list as the API would keep it, once; the first that can't be a place is left out
 * and said why, as is going past the limit.
 */
export function addAreas(current: readonly string[], typed: string): AddedAreas {
  const areas = [...current];
  const seen = new Set(current.map((area) => area.toLowerCase()));
  let problem: string | null = null;
  for (const part of typed.split(/[,;\n]/)) {
    const area = areaName(part);
    if (area === '' || seen.has(area.toLowerCase())) continue;
    if (area.length > MAX_AREA_LENGTH) {
      problem ??= `Each area must be at most ${MAX_AREA_LENGTH} characters.`;
      continue;
    }
    if (!isAreaName(area)) {
      problem ??= `“${area}” can’t be added. ${AREA_PROBLEM}`;
      continue;
    }
    if (areas.length >= MAX_AREAS) {
      problem ??= TOO_MANY_AREAS;
      break;
    }
    areas.push(area);
    seen.add(area.toLowerCase());
  }
  return { areas, problem };
}
