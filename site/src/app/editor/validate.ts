import { NOTHING_TO_SHOW } from '../../../../events/card/decider';
import { parseCardFields } from '../../../../events/card/input';
import { profileSections } from '../../../../renderer/profile/view-model';
import type { Draft } from './draft';
import { cardFields } from './payload';
import { draftDisplayCard } from './preview-card';
import { roughlyDiallable } from './tel-href';

/**
 * The API's own rules, checked before anything is uploaded, so a mistyped link or a first page with nothing to show
 * is reported at once and in the API's words. Null when the draft would be accepted: a published page may be
 * emptied, which takes it down to "This profile isn't set up yet" (events/card/decider.ts).
 */
export function draftProblem(draft: Draft, published = false): string | null {
  const parsed = parseCardFields(cardFields(draft), roughlyDiallable);
  if (!parsed.ok) return parsed.error;
  if (published) return null;
  return profileSections(draftDisplayCard(draft)).sections.length === 0 ? NOTHING_TO_SHOW : null;
}
