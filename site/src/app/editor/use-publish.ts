import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useState } from 'react';
import { PUBLISHED_EMPTY } from '../../../../events/card/decider';
import { showsAnything } from '../../../../events/card/shown';
import { toast } from '../../stores/toasts';
import { queryKeys } from '../queries';
import { isDirty } from './dirty';
import { type Draft, draftFromContent, markStored, unstoredImages } from './draft';
import { buildPayload } from './payload';
import { PHOTO_NOT_SENT, uploadPhoto } from './photo-uploads';
import { NO_CHANGES, PUBLISHED, publishCard, retryingText, SAVE_FAILED } from './publish';
import type { EditorAction, EditorState } from './reducer';
import { readSavedCard } from './saved-card';
import { draftProblem } from './validate';

/** A photo the publish is waiting on, by its editor key, and its name on the card ("Work image 3"). */
export type AwaitedPhoto = { key: string; label: string };

/**
 * Waits for the draft's photos still going up (sending again any that got no answer) and returns the draft naming
 * each by its stored address; null when one can't be published, which has been said by then.
 */
async function withPhotosStored(draft: Draft, dispatch: Dispatch<EditorAction>): Promise<Draft | null> {
  const waiting = unstoredImages(draft);
  const uploads = await Promise.all(
    waiting.map(({ image, slot }) => uploadPhoto(image.key, image.file, slot, true)),
  );
  let ready = draft;
  for (const [index, upload] of uploads.entries()) {
    const { key } = (waiting[index] as (typeof waiting)[number]).image;
    if (upload.stage === 'stored') {
      ready = markStored(ready, key, upload.ref);
      continue;
    }
    // A refusal was told as it came (photo-uploads.ts): the photo leaves the card, and its owner publishes again.
    if (upload.stage === 'refused') dispatch({ type: 'photoRefused', key });
    else toast.error(PHOTO_NOT_SENT);
    return null;
  }
  return ready;
}

/**
 * Publish Now (SPEC §2/§8): refused when nothing changed, checked against the API's rules, then sent once every
 * photo is stored (they go up as they are picked: usePhotoUploads). The API starts the trial itself for someone who
 * has none. On success the published card becomes the editor's starting point, and the saved card and the user
 * (whose trial may just have started) are fetched again.
 */
export function usePublish(
  state: EditorState,
  dispatch: Dispatch<EditorAction>,
  onPublished: () => void,
  /** Whether a card is published: then it may be emptied (draftProblem). */
  published: boolean,
) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  /** The photos still going up when Publish Now was pressed, shown filling up while the publish waits for them. */
  const [awaited, setAwaited] = useState<AwaitedPhoto[]>([]);

  async function publish() {
    if (busy) return;
    if (!isDirty(state.draft, state.baseline)) {
      toast.error(NO_CHANGES);
      return;
    }
    const problem = draftProblem(state.draft, published);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      setAwaited(unstoredImages(state.draft).map(({ image, label }) => ({ key: image.key, label })));
      const ready = await withPhotosStored(state.draft, dispatch);
      if (!ready) return;
      const result = await publishCard(buildPayload(ready), ({ seconds }) =>
        toast.error(retryingText(seconds)),
      );
      if (!result.ok) {
        toast.error(result.error);
        return;
      }
      const { content } = readSavedCard(result.card);
      dispatch({ type: 'load', draft: draftFromContent(content) });
      onPublished();
      toast.success(showsAnything(content) ? PUBLISHED : PUBLISHED_EMPTY);
      void queryClient.invalidateQueries({ queryKey: queryKeys.myCard });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
    } catch {
      toast.error(SAVE_FAILED);
    } finally {
      setBusy(false);
      setAwaited([]);
    }
  }

  return { busy, awaited, publish };
}
