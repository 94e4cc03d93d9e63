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
import { draftProblem } from './validate';

/**
 * Publish Now (SPEC §2/§8): refused when nothing changed, checked against the API's rules, then sent. The API
 * starts the trial itself for someone who has none. On success the published card becomes the editor's starting
 * point, and the saved card and the user (whose trial may just have started) are fetched again.
 */
export function usePublish(state: EditorState, dispatch: Dispatch<EditorAction>, onPublished: () => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

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
      const result = await publishCard(buildPayload(state.draft));
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
    }
  }

  return { busy, publish };
}
