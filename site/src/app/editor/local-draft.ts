import { z } from 'zod/mini';
import { type CardContent, cardContentSchema, type ImageRef } from '../../../../events/card/content';
import { type Draft, draftFromContent, type EditorImage, storedRef } from './draft';
import { chosenCredentials } from './rows';

/**
 * Unpublished edits kept on this device (issue 14), one draft per account so two people sharing a browser never
 * see each other's: the card's content as the editor holds it. A picked photo is kept by its address once the API
 * has stored it (it is uploaded as it is picked); one still going up is a file localStorage can't hold, left out,
 * counted, and the note on return says so.
 */
export const localDraftKey = (accountId: string) => `tradecard.draft.${accountId}`;

/** A full card is about 82 KB of JSON at most (api/cards/business-card.ts); anything larger is not ours. */
export const MAX_LOCAL_DRAFT_CHARS = 200_000;

const storedDraftSchema = z.object({
  version: z.literal(1),
  savedAt: z.string(),
  content: cardContentSchema,
  /** Photos picked in the editor, not yet uploaded, that could not be kept: cover, profile photo, work photos. */
  leftOut: z.object({ cover_photo: z.boolean(), avatar: z.boolean(), works: z.int().check(z.gte(0)) }),
});
type StoredDraft = z.infer<typeof storedDraftSchema>;

const savedRef = (image: EditorImage | null): ImageRef | null => (image ? storedRef(image) : null);

export function storedDraft(draft: Draft, now: Date): StoredDraft {
  const content: CardContent = {
    ...draft,
    cover_photo: savedRef(draft.cover_photo),
    avatar: savedRef(draft.avatar),
    works: draft.works.flatMap((image) => {
      const ref = storedRef(image);
      return ref ? [ref] : [];
    }),
    services: draft.services.map(({ name, price }) => ({ name, price })),
    reviews: draft.reviews.map(({ name, text, rating }) => ({ name, text, rating })),
    // A card names a scheme for each credential: a row still waiting for one is not kept.
    credentials: chosenCredentials(draft.credentials),
  };
  return {
    version: 1,
    savedAt: now.toISOString(),
    content,
    leftOut: {
      cover_photo: draft.cover_photo !== null && storedRef(draft.cover_photo) === null,
      avatar: draft.avatar !== null && storedRef(draft.avatar) === null,
      works: draft.works.filter((image) => storedRef(image) === null).length,
    },
  };
}

export type RestoredDraft = { draft: Draft; savedAt: Date; photosLeftOut: number };

/**
 * The draft as the editor takes it back up. A new cover or profile photo that couldn't be kept falls back to the
 * published one rather than to none, so publishing the restored draft never removes a photo by accident.
 */
export function restoredDraft(stored: StoredDraft, baseline: Draft): RestoredDraft {
  const draft = draftFromContent(stored.content);
  const { leftOut } = stored;
  return {
    draft: {
      ...draft,
      cover_photo: leftOut.cover_photo ? baseline.cover_photo : draft.cover_photo,
      avatar: leftOut.avatar ? baseline.avatar : draft.avatar,
    },
    savedAt: new Date(stored.savedAt),
    photosLeftOut: Number(leftOut.cover_photo) + Number(leftOut.avatar) + leftOut.works,
  };
}

/** Whatever is wrong with a stored draft (another version, a full or blocked storage), it is as if there were none. */
export function readLocalDraft(storage: Storage, accountId: string, baseline: Draft): RestoredDraft | null {
  try {
    const raw = storage.getItem(localDraftKey(accountId));
    if (raw === null || raw.length > MAX_LOCAL_DRAFT_CHARS) return null;
    const parsed = storedDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? restoredDraft(parsed.data, baseline) : null;
  } catch {
    return null;
  }
}

/** False when the draft could not be kept (too large, or the storage full or refused). */
export function writeLocalDraft(
  storage: Storage,
  accountId: string,
  draft: Draft,
  now = new Date(),
): boolean {
  try {
    const raw = JSON.stringify(storedDraft(draft, now));
    if (raw.length > MAX_LOCAL_DRAFT_CHARS) {
      storage.removeItem(localDraftKey(accountId));
      return false;
    }
    storage.setItem(localDraftKey(accountId), raw);
    return true;
  } catch {
    return false;
  }
}

export function clearLocalDraft(storage: Storage, accountId: string) {
  try {
    storage.removeItem(localDraftKey(accountId));
  } catch {
    // A storage the browser refuses holds no draft either.
  }
}
