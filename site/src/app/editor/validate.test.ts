import { describe, expect, it } from 'vitest';
import { NOTHING_TO_SHOW } from '../../../../events/card/decider';
import { filledDraft } from '../../../../tests/support/site/draft';
import { emptyDraft } from './draft';
import { draftProblem } from './validate';

describe('draftProblem', () => {
  it('accepts a draft with something to show', () => {
    expect(draftProblem(filledDraft())).toBeNull();
  });

  it('refuses a page with nothing visible, in the API’s words: a look alone, or content only in hidden sections', () => {
    expect(draftProblem({ ...emptyDraft(), page_theme: 'dark' })).toBe(NOTHING_TO_SHOW);
    const hidden = filledDraft({
      show_main_section: false,
      show_about_me_section: false,
      show_services_section: false,
      show_reviews_section: false,
      show_contact_section: false,
    });
    expect(draftProblem(hidden)).toBe(NOTHING_TO_SHOW);
  });

  it('reports a field the API would refuse before anything else', () => {
    expect(draftProblem(filledDraft({ facebook_url: 'javascript:alert(1)' }))).not.toBeNull();
    expect(draftProblem(filledDraft({ facebook_url: 'javascript:alert(1)' }))).not.toBe(NOTHING_TO_SHOW);
  });
});
