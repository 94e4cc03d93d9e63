import { type Dispatch, useEffect, useRef } from 'react';
import { type Draft, unstoredImages } from './draft';
import { uploadPhoto } from './photo-uploads';
import type { EditorAction } from './reducer';

/**
 * Sends each photo up as soon as it is picked, cropped, or brought back by Undo (issue 14), and tells the draft how
 * it went: stored, it is named by address from then on (and kept in the local draft); refused, it leaves the card
 * (photo-uploads.ts says why in a toast). A photo sent before (the same key) is not sent again.
 */
export function usePhotoUploads(draft: Draft, dispatch: Dispatch<EditorAction>) {
  /** Keys whose upload this editor is waiting on: every edit runs the effect, and each wait is taken up once. */
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    for (const { image, slot } of unstoredImages(draft)) {
      if (waiting.current.has(image.key)) continue;
      waiting.current.add(image.key);
      void uploadPhoto(image.key, image.file, slot).then((upload) => {
        waiting.current.delete(image.key);
        if (upload.stage === 'stored') dispatch({ type: 'photoStored', key: image.key, ref: upload.ref });
        else if (upload.stage === 'refused') dispatch({ type: 'photoRefused', key: image.key });
      });
    }
  }, [draft, dispatch]);
}
