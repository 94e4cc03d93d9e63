import path from 'node:path';
import type { CardContent, ImageRef } from '../events/card/content';
import { MAX_WORK_IMAGES } from '../events/card/content';
import { uploadsRefused } from '../observability/metrics';
import { invalid } from './errors';
import { ingestImage } from './media/intake';
import { parseMediaUrl, readImageRef } from './media/stored';

/** One image field of the save payload (SPEC §5): a new upload, an address of one already stored, or nothing. */
export type ImageInput = File | string | undefined;

async function existing(mediaDir: string, url: string, label: string): Promise<ImageRef> {
  const id = parseMediaUrl(url);
  const ref = id ? await readImageRef(mediaDir, id) : null;
  if (!ref) throw invalid(`${label} must be a photo uploaded to TradeCard.`);
  return ref;
}

async function resolveOne(mediaDir: string, input: ImageInput, label: string): Promise<ImageRef | undefined> {
  if (input === undefined || input === '') return undefined;
  if (typeof input === 'string') return existing(mediaDir, input, label);
  return ingestImage(new Uint8Array(await input.arrayBuffer()), mediaDir, label);
}

export type ImageInputs = {
  cover: ImageInput;
  coverRemoved: boolean;
  avatar: ImageInput;
  avatarRemoved: boolean;
  existingWorks: string[];
  newWorks: File[];
};

/**
 * Cover and avatar: a new file or address replaces, the removal flag clears, and nothing sent keeps what was
 * published. Works are the kept addresses in order, then the new uploads: the editor always sends the whole list.
 */
export async function resolveCardImages(
  publicDir: string,
  inputs: ImageInputs,
  previous: CardContent | null,
) {
  const mediaDir = path.join(publicDir, 'media');
  const total = inputs.existingWorks.length + inputs.newWorks.length;
  if (total > MAX_WORK_IMAGES) {
    uploadsRefused.inc({ reason: 'too_many' });
    throw invalid(`You can add at most ${MAX_WORK_IMAGES} work images.`);
  }

  const cover = await resolveOne(mediaDir, inputs.cover, 'Cover photo');
  const avatar = await resolveOne(mediaDir, inputs.avatar, 'Profile photo');
  const works: ImageRef[] = [];
  for (const [index, url] of inputs.existingWorks.entries())
    works.push(await existing(mediaDir, url, `Work image ${index + 1}`));
  for (const [index, file] of inputs.newWorks.entries()) {
    const label = `Work image ${inputs.existingWorks.length + index + 1}`;
    works.push(await ingestImage(new Uint8Array(await file.arrayBuffer()), mediaDir, label));
  }
  return {
    cover_photo: cover ?? (inputs.coverRemoved ? null : (previous?.cover_photo ?? null)),
    avatar: avatar ?? (inputs.avatarRemoved ? null : (previous?.avatar ?? null)),
    works,
  };
}
