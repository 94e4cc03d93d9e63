import { toast } from '../../stores/toasts';
import { type EditorImage, pickedImage } from './draft';

/** SPEC §5: only image files are taken; anything else picked is ignored. */
export const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * Picked files as editor images, each brought to the size the page needs in the browser (photo-prepare.ts) and
 * with an object URL for the preview, sized so the preview reserves the right space. At most `room` are taken, in
 * the order picked; `labelAt` names the nth for a person ("Work image 3"). A photo refused (over 10 MB even once
 * shrunk, or no photo at all) is said so at once, in a toast, and left out before anything is sent.
 */
export async function pickedImages(
  files: Iterable<File>,
  room: number,
  labelAt: (index: number) => string,
  /** Each photo as soon as it is ready, so it starts going up while the next is being shrunk. */
  onReady: (image: EditorImage) => void = () => {},
): Promise<EditorImage[]> {
  const chosen = [...files].filter(isImageFile).slice(0, Math.max(0, room));
  if (chosen.length === 0) return [];
  // The canvas code loads with the first photo chosen, so the editor's first visit doesn't carry it.
  const { preparePhoto } = await import('./photo-prepare');
  const images: EditorImage[] = [];
  // One at a time: a 12-megapixel photo is 48 MB decoded, and ten at once would crowd a phone's memory.
  for (const [index, original] of chosen.entries()) {
    const prepared = await preparePhoto(original, labelAt(index));
    if (!prepared.ok) {
      toast.error(prepared.error);
      continue;
    }
    const { file, width, height } = prepared;
    const image = pickedImage(file, { width, height });
    images.push(image);
    onReady(image);
  }
  return images;
}
