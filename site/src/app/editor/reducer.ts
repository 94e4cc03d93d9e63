import type { EmergencyCallout, ImageRef, Weekday } from '../../../../events/card/content';
import { MAX_CREDENTIALS, MAX_WORK_IMAGES, type SectionKey } from '../../../../events/card/content';
import {
  type CredentialRow,
  changeImage,
  type Draft,
  type EditorImage,
  emptyCredential,
  emptyReview,
  emptyService,
  markStored,
  type ReviewRow,
  type ServiceRow,
} from './draft';
import { clampRating } from './rows';
import { type Direction, moveSection } from './section-order';
import { withDay } from './week';

/** The editor's unsaved card beside the card as last loaded or published, which Reset returns to. */
export type EditorState = { baseline: Draft; draft: Draft };

export type ScalarKey = { [K in keyof Draft]: Draft[K] extends string | boolean ? K : never }[keyof Draft];

export type EditorAction =
  | { type: 'load'; draft: Draft }
  | { type: 'reset' }
  | { [K in ScalarKey]: { type: 'set'; field: K; value: Draft[K] } }[ScalarKey]
  | { type: 'image'; field: 'cover_photo' | 'avatar'; image: EditorImage | null }
  | { type: 'addWorks'; images: EditorImage[] }
  | { type: 'removeWork'; key: string }
  | { type: 'addService' }
  | { type: 'updateService'; key: string; patch: Partial<Omit<ServiceRow, 'key'>> }
  | { type: 'removeService'; key: string }
  | { type: 'addReview' }
  | { type: 'updateReview'; key: string; patch: Partial<Omit<ReviewRow, 'key'>> }
  | { type: 'removeReview'; key: string }
  /** A day of the week opened at these hours, or closed (null). */
  | { type: 'day'; day: Weekday; hours: { opens: string; closes: string } | null }
  | { type: 'callout'; patch: Partial<EmergencyCallout> }
  /** The areas covered as the Areas panel left them (areas.ts). */
  | { type: 'areas'; areas: string[] }
  | { type: 'addCredential' }
  | { type: 'updateCredential'; key: string; patch: Partial<Omit<CredentialRow, 'key'>> }
  | { type: 'removeCredential'; key: string }
  | { type: 'move'; section: SectionKey; direction: Direction }
  /** Drag or Move up/down in My Work, My Services or Reviews: the row keyed `key` goes to place `to`. */
  | { type: 'moveRow'; list: RowList; key: string; to: number }
  /** A picked photo the API has stored (photo-uploads.ts): the card can name it by address now. */
  | { type: 'photoStored'; key: string; ref: ImageRef }
  /** A picked photo the API refused (the toast says why): it can't be published, so it leaves the card. */
  | { type: 'photoRefused'; key: string }
  /** Undo of Reset Page, or a local draft taken back up: the draft as it was, against the same baseline. */
  | { type: 'restore'; draft: Draft };

export type RowList = 'works' | 'services' | 'reviews';

export const initialEditorState = (draft: Draft): EditorState => ({ baseline: draft, draft });

/** The rows with the one keyed `key` taken out and put back at `to` (kept within the list). */
export function moveRow<Row extends { key: string }>(rows: readonly Row[], key: string, to: number): Row[] {
  const from = rows.findIndex((row) => row.key === key);
  if (from < 0) return [...rows];
  const moved = rows.filter((row) => row.key !== key);
  moved.splice(Math.max(0, Math.min(to, moved.length)), 0, rows[from] as Row);
  return moved;
}

const update = <Row extends { key: string }>(
  rows: Row[],
  key: string,
  patch: Partial<Omit<Row, 'key'>>,
): Row[] => rows.map((row) => (row.key === key ? { ...row, ...patch } : row));

function edit(draft: Draft, action: Exclude<EditorAction, { type: 'load' | 'reset' | 'restore' }>): Draft {
  switch (action.type) {
    case 'set':
      return { ...draft, [action.field]: action.value };
    case 'image':
      return { ...draft, [action.field]: action.image };
    case 'addWorks':
      // SPEC §5: at most ten; extra picks past the limit are left out.
      return { ...draft, works: [...draft.works, ...action.images].slice(0, MAX_WORK_IMAGES) };
    case 'removeWork':
      return { ...draft, works: draft.works.filter((image) => image.key !== action.key) };
    case 'addService':
      return { ...draft, services: [...draft.services, emptyService()] };
    case 'updateService':
      return { ...draft, services: update(draft.services, action.key, action.patch) };
    case 'removeService':
      return { ...draft, services: draft.services.filter((row) => row.key !== action.key) };
    case 'addReview':
      return { ...draft, reviews: [...draft.reviews, emptyReview()] };
    case 'updateReview': {
      const { rating, ...rest } = action.patch;
      const patch = rating === undefined ? rest : { ...rest, rating: clampRating(rating) };
      return { ...draft, reviews: update(draft.reviews, action.key, patch) };
    }
    case 'removeReview':
      return { ...draft, reviews: draft.reviews.filter((row) => row.key !== action.key) };
    case 'day':
      return { ...draft, opening_hours: withDay(draft.opening_hours, action.day, action.hours) };
    case 'callout':
      return { ...draft, emergency_callout: { ...draft.emergency_callout, ...action.patch } };
    case 'areas':
      return { ...draft, areas_covered: action.areas };
    case 'addCredential':
      return draft.credentials.length >= MAX_CREDENTIALS
        ? draft
        : { ...draft, credentials: [...draft.credentials, emptyCredential()] };
    case 'updateCredential':
      return { ...draft, credentials: update(draft.credentials, action.key, action.patch) };
    case 'removeCredential':
      return { ...draft, credentials: draft.credentials.filter((row) => row.key !== action.key) };
    case 'move':
      return { ...draft, section_order: moveSection(draft.section_order, action.section, action.direction) };
    case 'photoStored':
      return markStored(draft, action.key, action.ref);
    case 'photoRefused':
      return changeImage(draft, action.key, () => null);
    case 'moveRow':
      switch (action.list) {
        case 'works':
          return { ...draft, works: moveRow(draft.works, action.key, action.to) };
        case 'services':
          return { ...draft, services: moveRow(draft.services, action.key, action.to) };
        case 'reviews':
          return { ...draft, reviews: moveRow(draft.reviews, action.key, action.to) };
      }
  }
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return initialEditorState(action.draft);
    case 'reset':
      return { ...state, draft: state.baseline };
    case 'restore':
      return { ...state, draft: action.draft };
    default:
      return { ...state, draft: edit(state.draft, action) };
  }
}
