import { MAX_WORK_IMAGES } from '../../../../events/card/content';
import { isImageFile } from './pick-images';

/**
 * Issue 28: photos picked past the tenth are left out (SPEC §5), and the owner is told so, not left to count: null
 * when every photo picked fits.
 */
export function workPhotosLeftOut(files: readonly File[], room: number): string | null {
  const over = files.filter(isImageFile).length - Math.max(0, room);
  if (over <= 0) return null;
  const left =
    over === 1 ? '1 of the photos you chose wasn’t added' : `${over} of the photos you chose weren’t added`;
  return `${MAX_WORK_IMAGES} photos at most: ${left}. Remove a photo to make room for another.`;
}
