import type { CardContent, ImageRef } from '../../../../events/card/content';
import {
  defaultCardContent,
  largestMediaUrl,
  mediaUrl,
  normaliseSectionOrder,
} from '../../../../events/card/content';
import type { CredentialScheme } from '../../../../events/card/credentials';

/**
 * A photo already stored (named by its address), or one picked in this session: shown from its file, and uploaded
 * as it is picked (photo-uploads.ts). Once the API has stored it, `stored` says so and the card names it by address.
 */
export type EditorImage =
  | { kind: 'saved'; key: string; ref: ImageRef; url: string }
  | {
      kind: 'new';
      key: string;
      file: File;
      url: string;
      width: number;
      height: number;
      stored: ImageRef | null;
    };

/** Where a picked photo goes on the card; the upload names it, so a refusal can say which photo it was. */
export type PhotoSlot = 'cover_photo' | 'avatar' | 'works';

/** Rows carry a key of their own so React keeps each input's focus while rows are added and removed. */
export type ServiceRow = { key: string; name: string; price: string };
export type ReviewRow = { key: string; name: string; text: string; rating: number };
/** `scheme` is empty until one is picked: a row just added names no scheme yet. */
export type CredentialRow = {
  key: string;
  scheme: CredentialScheme | '';
  name: string;
  number: string;
  url: string;
};

/** The editor's unsaved card: the published content's shape, with images and rows as the editor holds them. */
export type Draft = Omit<
  CardContent,
  'cover_photo' | 'avatar' | 'works' | 'services' | 'reviews' | 'credentials'
> & {
  cover_photo: EditorImage | null;
  avatar: EditorImage | null;
  works: EditorImage[];
  services: ServiceRow[];
  reviews: ReviewRow[];
  credentials: CredentialRow[];
};

let counter = 0;
/** Unique within the page; only React and the object-URL bookkeeping read it. */
export const newKey = (prefix: string) => {
  counter += 1;
  return `${prefix}${counter}`;
};

/** The address the API hands back for a stored photo, and accepts again as an existing image. */
export const savedImageUrl = largestMediaUrl;

/**
 * Every stored width of a saved photo, for a thumbnail's srcset: `url` is the largest (it names the photo to the
 * API), and a 160 px thumbnail fetching the 1,600 px file took a phone's bandwidth from the preview (issue 12).
 */
export const thumbnailSrcSet = (image: EditorImage): string | undefined =>
  image.kind === 'saved'
    ? [...image.ref.widths]
        .sort((a, b) => a - b)
        .map((width) => `${mediaUrl(image.ref.id, width)} ${width}w`)
        .join(', ')
    : undefined;

/** A photo just picked (and shrunk): shown from its file until the page is left, stored by the upload. */
export const pickedImage = (file: File, size: { width: number; height: number }): EditorImage => ({
  kind: 'new',
  key: newKey('new'),
  file,
  url: URL.createObjectURL(file),
  ...size,
  stored: null,
});

/** The photo as the API stores it, or null while a picked one is still going up. */
export const storedRef = (image: EditorImage): ImageRef | null =>
  image.kind === 'saved' ? image.ref : image.stored;

/** Every picked photo the API hasn't stored yet, with the slot it is for and its name in the editor. */
export function unstoredImages(
  draft: Draft,
): { image: EditorImage & { kind: 'new' }; slot: PhotoSlot; label: string }[] {
  const slots = [
    { image: draft.cover_photo, slot: 'cover_photo' as const, label: 'Cover photo' },
    { image: draft.avatar, slot: 'avatar' as const, label: 'Profile photo' },
    ...draft.works.map((image, index) => ({
      image,
      slot: 'works' as const,
      label: `Work image ${index + 1}`,
    })),
  ];
  return slots.flatMap(({ image, slot, label }) =>
    image?.kind === 'new' && image.stored === null ? [{ image, slot, label }] : [],
  );
}

/** The draft with the picked photo keyed `key` changed by `change` (null: taken off the card). */
export function changeImage(
  draft: Draft,
  key: string,
  change: (image: EditorImage) => EditorImage | null,
): Draft {
  const one = (image: EditorImage | null) => (image?.key === key ? change(image) : image);
  return {
    ...draft,
    cover_photo: one(draft.cover_photo),
    avatar: one(draft.avatar),
    works: draft.works.flatMap((image) => {
      const changed = one(image);
      return changed ? [changed] : [];
    }),
  };
}

/** The draft with the picked photo keyed `key` known to be stored as `ref`. */
export const markStored = (draft: Draft, key: string, ref: ImageRef): Draft =>
  changeImage(draft, key, (image) => (image.kind === 'new' ? { ...image, stored: ref } : image));

export const savedImage = (ref: ImageRef): EditorImage => ({
  kind: 'saved',
  key: newKey('saved'),
  ref,
  url: savedImageUrl(ref),
});

export const emptyService = (): ServiceRow => ({ key: newKey('service'), name: '', price: '' });
export const emptyReview = (): ReviewRow => ({ key: newKey('review'), name: '', text: '', rating: 5 });
export const emptyCredential = (): CredentialRow => ({
  key: newKey('credential'),
  scheme: '',
  name: '',
  number: '',
  url: '',
});

export function draftFromContent(content: CardContent): Draft {
  return {
    ...content,
    section_order: normaliseSectionOrder(content.section_order),
    cover_photo: content.cover_photo && savedImage(content.cover_photo),
    avatar: content.avatar && savedImage(content.avatar),
    works: content.works.map(savedImage),
    services: content.services.map((service) => ({ key: newKey('service'), ...service })),
    reviews: content.reviews.map((review) => ({ key: newKey('review'), ...review })),
    credentials: content.credentials.map((credential) => ({ key: newKey('credential'), ...credential })),
  };
}

/** SPEC §3 "Defaults for a new editor state". */
export const emptyDraft = (): Draft => draftFromContent(defaultCardContent());

/** Every object URL the draft holds, so the ones no longer shown can be released. */
export const objectUrls = (draft: Draft): string[] =>
  [draft.cover_photo, draft.avatar, ...draft.works].flatMap((image) =>
    image?.kind === 'new' ? [image.url] : [],
  );
