import { MAX_WORK_IMAGES, type SectionKey } from '../../../../events/card/content';
import {
  type Draft,
  type EditorImage,
  emptyReview,
  emptyService,
  type ReviewRow,
  type ServiceRow,
} from './draft';
import { clampRating } from './rows';
import { type Direction, moveSection } from './section-order';

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
  | { type: 'move'; section: SectionKey; direction: Direction };

export const initialEditorState = (draft: Draft): EditorState => ({ baseline: draft, draft });

const update = <Row extends { key: string }>(
  rows: Row[],
  key: string,
  patch: Partial<Omit<Row, 'key'>>,
): Row[] => rows.map((row) => (row.key === key ? { ...row, ...patch } : row));

function edit(draft: Draft, action: Exclude<EditorAction, { type: 'load' | 'reset' }>): Draft {
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
    case 'move':
      return { ...draft, section_order: moveSection(draft.section_order, action.section, action.direction) };
  }
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return initialEditorState(action.draft);
    case 'reset':
      return { ...state, draft: state.baseline };
    default:
      return { ...state, draft: edit(state.draft, action) };
  }
}
