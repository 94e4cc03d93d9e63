import { NOTHING_TO_SHOW } from '../../../../events/card/decider';
import { parseCardFields } from '../../../../events/card/input';
import { profileSections } from '../../../../renderer/profile/view-model';
import type { Draft } from './draft';
import { cardFields } from './payload';
import { draftDisplayCard } from './preview-card';
import { keptCredentials } from './rows';
import { roughlyDiallable } from './tel-href';

/** The API would read a credential with no scheme as "other" and ask for its name: the editor asks for the scheme. */
export const CHOOSE_A_SCHEME = 'Choose the scheme for each credential, or remove the ones you don’t need.';

/**
 * The API's own rules, checked before anything is uploaded, so a mistyped link or a page with nothing to show is
 * reported at once and in the API's words. Null when the draft would be accepted.
 */
export function draftProblem(draft: Draft): string | null {
  if (keptCredentials(draft.credentials).some((row) => row.scheme === '')) return CHOOSE_A_SCHEME;
  const parsed = parseCardFields(cardFields(draft), roughlyDiallable);
  if (!parsed.ok) return parsed.error;
  return profileSections(draftDisplayCard(draft)).sections.length === 0 ? NOTHING_TO_SHOW : null;
}
