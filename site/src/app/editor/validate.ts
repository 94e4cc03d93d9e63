import { parseCardFields } from '../../../../events/card/input';
import type { Draft } from './draft';
import { cardFields } from './payload';

/**
 * The API's own field rules, checked before anything is uploaded, so a mistyped link is reported at once and in
 * the API's words. Null when the draft would be accepted.
 */
export function draftProblem(draft: Draft): string | null {
  const parsed = parseCardFields(cardFields(draft));
  return parsed.ok ? null : parsed.error;
}
