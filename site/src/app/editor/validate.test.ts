import { describe, expect, it } from 'vitest';
import { CHOOSE_A_SCHEME } from '../../../../events/card/credentials';
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

  it('lets a published page be emptied, as the API does: its page is then not set up (issue 28)', () => {
    expect(draftProblem({ ...emptyDraft(), page_theme: 'dark' }, true)).toBeNull();
    expect(draftProblem(filledDraft({ facebook_url: 'javascript:alert(1)' }), true)).not.toBeNull();
  });

  it('reports a field the API would refuse before anything else', () => {
    expect(draftProblem(filledDraft({ facebook_url: 'javascript:alert(1)' }))).not.toBeNull();
    expect(draftProblem(filledDraft({ facebook_url: 'javascript:alert(1)' }))).not.toBe(NOTHING_TO_SHOW);
  });

  it('asks for the scheme of a credential typed without one, and ignores a row left blank', () => {
    const row = { key: 'x', scheme: '' as const, name: '', number: '', url: '' };
    expect(draftProblem(filledDraft({ credentials: [row] }))).toBeNull();
    expect(draftProblem(filledDraft({ credentials: [{ ...row, number: '12345' }] }))).toBe(CHOOSE_A_SCHEME);
  });

  it('reports the API’s own words for issue 17’s fields', () => {
    expect(
      draftProblem(filledDraft({ opening_hours: [{ day: 'monday', opens: '18:00', closes: '08:00' }] })),
    ).toBe('Each day must close after it opens.');
    expect(
      draftProblem(
        filledDraft({ credentials: [{ key: 'g', scheme: 'gas_safe', name: '', number: '12', url: '' }] }),
      ),
    ).toBe('Gas Safe Register needs your licence number: the 6 or 7 digits on your Gas Safe ID card.');
  });
});
