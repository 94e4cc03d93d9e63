import { describe, expect, it, vi } from 'vitest';
import { defaultCardContent } from '../../../../events/card/content';
import { parseCardFields } from '../../../../events/card/input';
import { filledDraft, picked, storedRef } from '../../../../tests/support/site/draft';
import { isDirty } from './dirty';
import { draftFromContent, emptyCredential, emptyDraft, emptyReview, emptyService } from './draft';
import { editorReducer, initialEditorState } from './reducer';

// The real parser, watched: a draft that is its baseline must not be read at all.
vi.mock('../../../../events/card/input', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../../events/card/input')>();
  return { ...actual, parseCardFields: vi.fn(actual.parseCardFields) };
});

describe('isDirty', () => {
  it('is false for a draft just loaded, whatever keys its rows got', () => {
    const content = { ...defaultCardContent(), main_heading: 'Pipe Dreams', works: [storedRef()] };
    expect(isDirty(draftFromContent(content), draftFromContent(content))).toBe(false);
  });

  it('sees a changed text, flag, colour or order', () => {
    const base = filledDraft();
    expect(isDirty({ ...base, main_heading: 'Pipe Dreams Ltd' }, base)).toBe(true);
    expect(isDirty({ ...base, show_contact_section: false }, base)).toBe(true);
    expect(isDirty({ ...base, button_bg_color: '#1E2A38' }, base)).toBe(true);
    expect(
      isDirty({ ...base, section_order: ['main', 'contact', 'about', 'work', 'services', 'reviews'] }, base),
    ).toBe(true);
  });

  it('sees a change to the greeting, the hours, the callout, the areas, a credential or the quote switch', () => {
    const base = filledDraft();
    expect(isDirty({ ...base, whatsapp_greeting: 'Hello!' }, base)).toBe(true);
    expect(isDirty({ ...base, opening_hours: [] }, base)).toBe(true);
    expect(isDirty({ ...base, emergency_callout: { ...base.emergency_callout, on: false } }, base)).toBe(
      true,
    );
    expect(isDirty({ ...base, areas_covered: ['Leeds'] }, base)).toBe(true);
    expect(isDirty({ ...base, credentials: [] }, base)).toBe(true);
    expect(isDirty({ ...base, quotes_enabled: false }, base)).toBe(true);
  });

  it('ignores a credential row just added and left blank', () => {
    const base = filledDraft();
    expect(isDirty({ ...base, credentials: [...base.credentials, emptyCredential()] }, base)).toBe(false);
  });

  it('ignores what the API would ignore: surrounding spaces, email case, empty rows', () => {
    const base = filledDraft();
    expect(isDirty({ ...base, main_heading: '  Pipe Dreams Plumbing ' }, base)).toBe(false);
    expect(isDirty({ ...base, contact_email: 'Dana@Example.com' }, base)).toBe(false);
    expect(isDirty({ ...base, services: [...base.services, emptyService()] }, base)).toBe(false);
    expect(isDirty({ ...base, reviews: [...base.reviews, { ...emptyReview(), rating: 3 }] }, base)).toBe(
      false,
    );
  });

  it('sees photos picked, removed or reordered', () => {
    const [a, b] = [storedRef(), storedRef()];
    const base = draftFromContent({ ...defaultCardContent(), cover_photo: a, works: [a, b] });
    expect(isDirty({ ...base, cover_photo: null }, base)).toBe(true);
    expect(isDirty({ ...base, avatar: picked() }, base)).toBe(true);
    expect(isDirty({ ...base, works: [...base.works].reverse() }, base)).toBe(true);
    expect(isDirty({ ...base, works: base.works.slice(1) }, base)).toBe(true);
  });

  it('is false again after Reset', () => {
    const start = initialEditorState(filledDraft());
    const edited = editorReducer(start, { type: 'set', field: 'bio', value: 'Twenty years on the tools.' });
    expect(isDirty(edited.draft, edited.baseline)).toBe(true);
    const reset = editorReducer(edited, { type: 'reset' });
    expect(isDirty(reset.draft, reset.baseline)).toBe(false);
  });

  it('treats an untouched new editor as unchanged', () => {
    expect(isDirty(emptyDraft(), emptyDraft())).toBe(false);
  });

  it('reads a draft that is its own baseline not at all, and any other draft through the API’s parser', () => {
    const { draft, baseline } = initialEditorState(filledDraft());
    vi.mocked(parseCardFields).mockClear();
    expect(isDirty(draft, baseline)).toBe(false);
    expect(parseCardFields).not.toHaveBeenCalled();
    expect(isDirty({ ...draft }, baseline)).toBe(false);
    expect(parseCardFields).toHaveBeenCalledTimes(2);
  });
});
