import { parseCardFields } from '../../../../events/card/input';
import { type Draft, type EditorImage, storedRef } from './draft';
import { cardFields } from './payload';
import { roughlyDiallable } from './tel-href';

/** A picked photo the API stored is the same photo as a published one with its bytes. */
const imageIdentity = (image: EditorImage | null) =>
  image === null ? null : (storedRef(image)?.id ?? image.key);

/**
 * What the API would store for this draft, as text: read through the API's own parser (trimmed, lower-cased email,
 * empty rows dropped, order normalised), so a change the API would see as none counts as none here too.
 */
export function fingerprint(draft: Draft): string {
  const raw = cardFields(draft);
  const parsed = parseCardFields(raw, roughlyDiallable);
  return JSON.stringify({
    fields: parsed.ok ? parsed.fields : raw,
    cover: imageIdentity(draft.cover_photo),
    avatar: imageIdentity(draft.avatar),
    works: draft.works.map(imageIdentity),
  });
}

/**
 * SPEC §4: Publish is refused when nothing changed since the card was loaded or last published. A draft that is its
 * baseline (as loaded, or reset) is clean without being read: reading both through the API's parser was work on the
 * editor's first render, where they always are one (Lighthouse, issue 12).
 */
export const isDirty = (draft: Draft, baseline: Draft) =>
  draft !== baseline && fingerprint(draft) !== fingerprint(baseline);
