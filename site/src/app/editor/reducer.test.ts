import { describe, expect, it } from 'vitest';
import { MAX_CREDENTIALS, MAX_WORK_IMAGES } from '../../../../events/card/content';
import { filledDraft, picked, stored, storedRef } from '../../../../tests/support/site/draft';
import { editorReducer, initialEditorState, moveRow } from './reducer';

const start = () => initialEditorState(filledDraft({ services: [], reviews: [] }));

describe('editorReducer', () => {
  it('keeps at most ten work photos, the first picked first', () => {
    const state = editorReducer(start(), { type: 'addWorks', images: [stored(), stored()] });
    const more = Array.from({ length: 12 }, (_, index) => picked(`work-${index}.png`));
    const full = editorReducer(state, { type: 'addWorks', images: more });
    expect(full.draft.works).toHaveLength(MAX_WORK_IMAGES);
    expect(full.draft.works.slice(2).map((image) => image.kind === 'new' && image.file.name)).toEqual(
      more.slice(0, 8).map((image) => image.kind === 'new' && image.file.name),
    );
  });

  it('removes one work photo by its key', () => {
    const [a, b] = [stored(), picked()];
    const state = editorReducer(start(), { type: 'addWorks', images: [a, b] });
    expect(editorReducer(state, { type: 'removeWork', key: a.key }).draft.works).toEqual([b]);
  });

  it('adds, edits and removes service rows', () => {
    let state = editorReducer(start(), { type: 'addService' });
    state = editorReducer(state, { type: 'addService' });
    const [first, second] = state.draft.services;
    state = editorReducer(state, {
      type: 'updateService',
      key: second?.key ?? '',
      patch: { name: 'Tiling' },
    });
    state = editorReducer(state, { type: 'removeService', key: first?.key ?? '' });
    expect(state.draft.services).toEqual([{ key: second?.key, name: 'Tiling', price: '' }]);
  });

  it('adds reviews rated 5 and clamps ratings set out of range', () => {
    let state = editorReducer(start(), { type: 'addReview' });
    const key = state.draft.reviews[0]?.key ?? '';
    expect(state.draft.reviews[0]?.rating).toBe(5);
    state = editorReducer(state, { type: 'updateReview', key, patch: { rating: 0 } });
    expect(state.draft.reviews[0]?.rating).toBe(1);
    state = editorReducer(state, { type: 'updateReview', key, patch: { rating: 8, text: 'Brilliant' } });
    expect(state.draft.reviews[0]).toMatchObject({ rating: 5, text: 'Brilliant' });
  });

  it('opens, changes and closes days of the week, keeping Monday first', () => {
    let state = editorReducer(start(), {
      type: 'day',
      day: 'sunday',
      hours: { opens: '10:00', closes: '14:00' },
    });
    state = editorReducer(state, { type: 'day', day: 'monday', hours: { opens: '07:00', closes: '17:00' } });
    expect(state.draft.opening_hours.map((entry) => `${entry.day} ${entry.opens}`)).toEqual([
      'monday 07:00',
      'saturday 09:00',
      'sunday 10:00',
    ]);
    state = editorReducer(state, { type: 'day', day: 'saturday', hours: null });
    expect(state.draft.opening_hours.map((entry) => entry.day)).toEqual(['monday', 'sunday']);
  });

  it('changes the callout a part at a time', () => {
    const state = editorReducer(start(), { type: 'callout', patch: { on: false } });
    expect(state.draft.emergency_callout).toEqual({ on: false, hours: '24/7', note: 'No heating? Call.' });
    expect(
      editorReducer(state, { type: 'callout', patch: { note: 'Leaks' } }).draft.emergency_callout.note,
    ).toBe('Leaks');
  });

  it('takes the areas as the panel leaves them', () => {
    expect(editorReducer(start(), { type: 'areas', areas: ['Otley'] }).draft.areas_covered).toEqual([
      'Otley',
    ]);
  });

  it('adds credential rows with no scheme picked, up to the limit, and edits and removes them', () => {
    let state = initialEditorState(filledDraft({ credentials: [] }));
    for (let index = 0; index < MAX_CREDENTIALS + 2; index++)
      state = editorReducer(state, { type: 'addCredential' });
    expect(state.draft.credentials).toHaveLength(MAX_CREDENTIALS);
    expect(state.draft.credentials[0]).toMatchObject({ scheme: '', name: '', number: '', url: '' });
    const [first, second] = state.draft.credentials;
    state = editorReducer(state, {
      type: 'updateCredential',
      key: second?.key ?? '',
      patch: { scheme: 'niceic', number: 'N123' },
    });
    state = editorReducer(state, { type: 'removeCredential', key: first?.key ?? '' });
    expect(state.draft.credentials).toHaveLength(MAX_CREDENTIALS - 1);
    expect(state.draft.credentials[0]).toEqual({
      key: second?.key,
      scheme: 'niceic',
      name: '',
      number: 'N123',
      url: '',
    });
  });

  it('moves sections within the rules', () => {
    let state = editorReducer(start(), { type: 'move', section: 'contact', direction: 'up' });
    expect(state.draft.section_order).toEqual(['main', 'about', 'work', 'services', 'contact', 'reviews']);
    state = editorReducer(state, { type: 'move', section: 'about', direction: 'up' });
    expect(state.draft.section_order[1]).toBe('about');
  });

  it('sets and clears photos and fields, and Reset returns to what was loaded', () => {
    const cover = picked();
    let state = editorReducer(start(), { type: 'image', field: 'cover_photo', image: cover });
    state = editorReducer(state, { type: 'set', field: 'page_theme', value: 'dark' });
    expect(state.draft.cover_photo).toBe(cover);
    expect(state.draft.page_theme).toBe('dark');
    const reset = editorReducer(state, { type: 'reset' });
    expect(reset.draft).toBe(state.baseline);
  });

  it('makes a loaded card both the draft and what Reset returns to', () => {
    const loaded = filledDraft({ main_heading: 'Published' });
    const state = editorReducer(start(), { type: 'load', draft: loaded });
    expect(state).toEqual({ baseline: loaded, draft: loaded });
  });

  it('moves a photo, a service or a review to a new place, kept within the list', () => {
    const [a, b, c] = [stored(), picked(), stored()];
    let state = editorReducer(start(), { type: 'addWorks', images: [a, b, c] });
    state = editorReducer(state, { type: 'moveRow', list: 'works', key: c.key, to: 0 });
    expect(state.draft.works).toEqual([c, a, b]);
    state = editorReducer(state, { type: 'moveRow', list: 'works', key: c.key, to: 99 });
    expect(state.draft.works).toEqual([a, b, c]);
    state = editorReducer(state, { type: 'addService' });
    state = editorReducer(state, { type: 'addService' });
    const [first, second] = state.draft.services;
    state = editorReducer(state, { type: 'moveRow', list: 'services', key: second?.key ?? '', to: 0 });
    expect(state.draft.services).toEqual([second, first]);
    state = editorReducer(state, { type: 'addReview' });
    state = editorReducer(state, { type: 'addReview' });
    const [older, newer] = state.draft.reviews;
    state = editorReducer(state, { type: 'moveRow', list: 'reviews', key: older?.key ?? '', to: 1 });
    expect(state.draft.reviews).toEqual([newer, older]);
    expect(moveRow([{ key: 'x' }], 'missing', 0)).toEqual([{ key: 'x' }]);
  });

  it('undoes a reset by restoring the draft it cleared, against the same baseline', () => {
    const edited = editorReducer(start(), { type: 'set', field: 'bio', value: 'Thirty years on the tools.' });
    const reset = editorReducer(edited, { type: 'reset' });
    expect(reset.draft).toBe(reset.baseline);
    const undone = editorReducer(reset, { type: 'restore', draft: edited.draft });
    expect(undone).toEqual(edited);
  });

  it('marks a picked photo stored where it is, and takes a refused one off the card', () => {
    const [cover, work, other] = [picked('cover.png'), picked('work.png'), picked('other.png')];
    let state = editorReducer(start(), { type: 'image', field: 'cover_photo', image: cover });
    state = editorReducer(state, { type: 'addWorks', images: [work, other] });
    const ref = storedRef();
    state = editorReducer(state, { type: 'photoStored', key: work.key, ref });
    expect(state.draft.works).toEqual([{ ...work, stored: ref }, other]);
    state = editorReducer(state, { type: 'photoRefused', key: cover.key });
    expect(state.draft.cover_photo).toBeNull();
    state = editorReducer(state, { type: 'photoRefused', key: other.key });
    expect(state.draft.works).toEqual([{ ...work, stored: ref }]);
    // An upload that ends after the photo was removed (or the card published) changes nothing.
    expect(editorReducer(state, { type: 'photoStored', key: 'gone', ref }).draft).toEqual(state.draft);
  });
});
