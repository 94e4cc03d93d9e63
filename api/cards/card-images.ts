import type { Kysely } from 'kysely';
import { type CardContent, cardImages, type ImageRef, MAX_WORK_IMAGES } from '../../events/card/content';
import { uploadsRefused } from '../../observability/metrics';
import type { Database } from '../../platform/database/schema';
import type { Storage } from '../../platform/storage/storage';
import { invalid } from '../http/errors';
import { holdMedia } from '../media/in-flight';
import type { PreparedImage } from '../media/intake';
import { type LabelledUpload, prepareUploads } from '../media/prepare-uploads';
import { parseMediaUrl, readImageRef } from '../media/stored';
import type { UploadedPhoto } from '../media/upload-form';

/** One image field of the save payload (SPEC §5): a new upload, an address of one already stored, or nothing. */
export type ImageInput = UploadedPhoto | string | undefined;

/** The photos the card shows now, by id: the editor sends back their addresses on every save. */
const shownIn = (content: CardContent | null) =>
  new Map((content ? cardImages(content) : []).map((image) => [image.id, image] as const));

async function existing(url: string, label: string, { hold, owns, shown, db }: Access): Promise<ImageRef> {
  const id = parseMediaUrl(url);
  if (id) hold(await holdMedia(id));
  // Its ref as the card already has it, else media_files: a key lookup either way, never a folder listing.
  const ref = id ? (shown.get(id) ?? (await readImageRef(db, id))) : null;
  if (!ref) throw invalid(`${label} must be a photo uploaded to TradeCard.`);
  // Another account's photo, however its address was found, would outlive that account's erasure on this card.
  if (!(await owns(ref.id))) throw invalid(`${label} must be a photo you uploaded yourself.`);
  return ref;
}

export type ImageInputs = {
  cover: ImageInput;
  avatar: ImageInput;
  existingWorks: string[];
  newWorks: UploadedPhoto[];
  /** Where each work goes: the next kept address or the next upload. Absent: the kept ones, then the uploads. */
  worksOrder?: WorkSlot[];
};

export type WorkSlot = 'kept' | 'new';

/** `owns`: whether the publishing account uploaded a stored photo (api/media/owners.ts). */
type Access = {
  hold: (release: () => void) => void;
  owns: (id: string) => Promise<boolean>;
  shown: Map<string, ImageRef>;
  db: Kysely<Database>;
};

/**
 * A publish is the whole card (docs/api.md), its photos as its text: the cover, the avatar and the works are the ones
 * it names (a new file, or the address of one stored), and a photo it leaves out is off the card, as a text field
 * left out is empty. Works come in the order sent (`worksOrder`), else the kept addresses, then the new uploads.
 * `previous` only lends the refs of the photos the card shows now, so naming them again costs no lookup.
 * Every upload is checked from its header, and the request's total pixels against its budget, before any is
 * decoded; the new photos come back prepared in memory, for the caller to write once the whole request is valid.
 */
export async function resolveCardImages(
  storage: Storage,
  inputs: ImageInputs,
  previous: CardContent | null,
  owns: (id: string) => Promise<boolean>,
  /** For photos stored before (media_files): reused rather than decoded again, and found by address. */
  db: Kysely<Database>,
) {
  const releases: (() => void)[] = [];
  /** Until released, neither the sweep nor another request's clean-up removes these photos' files. */
  const release = () => {
    for (const done of releases.splice(0)) done();
  };
  const hold = (done: () => void) => releases.push(done);
  try {
    const access = { hold, owns, shown: shownIn(previous), db };
    return { ...(await resolve(storage, inputs, access)), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function resolve(storage: Storage, inputs: ImageInputs, access: Access) {
  const { hold, db } = access;
  const total = inputs.existingWorks.length + inputs.newWorks.length;
  if (total > MAX_WORK_IMAGES) {
    uploadsRefused.inc({ reason: 'too_many' });
    throw invalid(`You can add at most ${MAX_WORK_IMAGES} work images.`);
  }

  const uploads: LabelledUpload[] = [];
  const slot = (input: ImageInput, label: string): ImageInput => {
    if (input !== undefined && typeof input !== 'string') uploads.push({ photo: input, label });
    return input;
  };
  slot(inputs.cover, 'Cover photo');
  slot(inputs.avatar, 'Profile photo');
  for (const [index, photo] of inputs.newWorks.entries())
    slot(photo, `Work image ${inputs.existingWorks.length + index + 1}`);

  const prepared = await prepareUploads(uploads, { storage, db, hold });
  const one = async (input: ImageInput, label: string) => {
    if (input === undefined || input === '') return undefined;
    if (typeof input === 'string') return existing(input, label, access);
    return (prepared.get(input) as PreparedImage).ref;
  };

  const cover = await one(inputs.cover, 'Cover photo');
  const avatar = await one(inputs.avatar, 'Profile photo');
  const kept: ImageRef[] = [];
  for (const [index, url] of inputs.existingWorks.entries())
    kept.push(await existing(url, `Work image ${index + 1}`, access));
  const uploaded = inputs.newWorks.map((photo) => (prepared.get(photo) as PreparedImage).ref);
  const works = inputs.worksOrder
    ? inputs.worksOrder.flatMap((slot) => (slot === 'kept' ? kept.splice(0, 1) : uploaded.splice(0, 1)))
    : [...kept, ...uploaded];
  return {
    images: {
      cover_photo: cover ?? null,
      avatar: avatar ?? null,
      works,
    },
    newImages: [...prepared.values()],
  };
}
