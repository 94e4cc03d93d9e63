import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useState } from 'react';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { isDirty } from './dirty';
import { draftFromContent } from './draft';
import { buildPayload } from './payload';
import { NO_CHANGES, PUBLISHED, publishCard, SAVE_FAILED } from './publish';
import type { EditorAction, EditorState } from './reducer';
import { readSavedCard } from './saved-card';
import { type PhotoUpload, photoShares, photoUploads } from './upload-progress';
import { draftProblem } from './validate';

/** The photos of the publish under way and how much of each has gone (0 to 1); empty when no photo is going up. */
export type PublishProgress = { photos: PhotoUpload[]; shares: number[]; sent: boolean };
const NONE: PublishProgress = { photos: [], shares: [], sent: false };

/**
 * Publish Now (SPEC §2/§8): refused when nothing changed, checked against the API's rules, then sent. The API
 * starts the trial itself for someone who has none. On success the published card becomes the editor's starting
 * point, and the saved card and the user (whose trial may just have started) are fetched again.
 */
export function usePublish(state: EditorState, dispatch: Dispatch<EditorAction>, onPublished: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<PublishProgress>(NONE);

  async function publish() {
    if (busy) return;
    if (!isDirty(state.draft, state.baseline)) {
      toast.error(NO_CHANGES);
      return;
    }
    const problem = draftProblem(state.draft);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const form = buildPayload(state.draft);
      const photos = photoUploads(form);
      setProgress({ photos, shares: photos.map(() => 0), sent: false });
      const result = await publishCard(form, ({ loaded, total }) =>
        setProgress({ photos, shares: photoShares(photos, loaded, total), sent: loaded >= total }),
      );
      if (!result.ok) {
        toast.error(result.error);
        return;
      }
      dispatch({ type: 'load', draft: draftFromContent(readSavedCard(result.card).content) });
      onPublished();
      toast.success(PUBLISHED);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myCard });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    } catch {
      toast.error(SAVE_FAILED);
    } finally {
      setBusy(false);
      setProgress(NONE);
    }
  }

  return { busy, progress, publish };
}
