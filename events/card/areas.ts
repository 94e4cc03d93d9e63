import { MAX_AREAS } from './content';

/**
 * The towns and postcode districts a card says it covers (issue 17): how a typed area is kept and checked, shared by
 * the API's input rules (input.ts) and the editor, which checks each area as it is added.
 */

export const MAX_AREA_LENGTH = 60;
export const TOO_MANY_AREAS = `You can list at most ${MAX_AREAS} areas.`;
export const AREA_PROBLEM = 'Each area must be a town or a postcode district like BS3.';

/** A UK postcode district: the outward code (BS3, SW1A, M1). */
export const POSTCODE_DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const PLACE_NAME = /^\p{L}[\p{L}\p{M} .'’&-]*$/u;

/** An area as the card keeps it: spaces squeezed, a postcode district in capitals. */
export const areaName = (typed: string) => {
  const squeezed = typed.trim().replace(/\s+/g, ' ');
  return POSTCODE_DISTRICT.test(squeezed.toUpperCase()) ? squeezed.toUpperCase() : squeezed;
};

/** Whether an area (as areaName leaves it) is a town or a postcode district. */
export const isAreaName = (area: string) => POSTCODE_DISTRICT.test(area) || PLACE_NAME.test(area);
