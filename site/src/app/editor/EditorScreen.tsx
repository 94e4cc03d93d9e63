import { useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { SessionUser } from '../../stores/session';
import { toast } from '../../stores/toasts';
import { AboutFields } from './AboutFields';
import { Actions } from './Actions';
import { ContactFields } from './ContactFields';
import { DesignFields } from './DesignFields';
import { isDirty } from './dirty';
import { draftFromContent } from './draft';
import { MainFields } from './MainFields';
import { Preview } from './Preview';
import { previewCard } from './preview-card';
import { ReviewsFields } from './ReviewsFields';
import { editorReducer, initialEditorState } from './reducer';
import { SectionOrder } from './SectionOrder';
import { ServicesFields } from './ServicesFields';
import type { SavedCard } from './saved-card';
import { TrialBanner, TrialEndedOverlay } from './TrialBanner';
import { trialStatus } from './trial';
import { UploadProgress } from './UploadProgress';
import { useReleaseObjectUrls } from './use-object-urls';
import { usePublish } from './use-publish';
import { useScrollToEditor } from './use-scroll-to-editor';
import { VerifyPrompt } from './VerifyPrompt';
import { WorkFields } from './WorkFields';

type Props = { user: SessionUser; saved: SavedCard };

export function EditorScreen({ user, saved }: Props) {
  const [state, dispatch] = useReducer(editorReducer, saved.content, (content) =>
    initialEditorState(draftFromContent(content)),
  );
  const [isPublished, setPublished] = useState(saved.isPublished);
  const { draft, baseline } = state;
  const { busy, progress, publish } = usePublish(state, dispatch, () => setPublished(true));
  const root = useRef<HTMLDivElement>(null);
  useScrollToEditor(root);
  useReleaseObjectUrls(draft);

  // The saved card refetched (after publishing, or from another tab) replaces the draft only if it has no edits.
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    const { draft: current, baseline: loaded } = latest.current;
    if (isDirty(current, loaded)) return;
    dispatch({ type: 'load', draft: draftFromContent(saved.content) });
    setPublished(saved.isPublished);
  }, [saved]);

  const preview = useMemo(() => previewCard(draft, baseline, isPublished), [draft, baseline, isPublished]);
  // The status line can lag a keystroke behind; the preview must not.
  const settled = useDeferredValue(state);
  const dirty = useMemo(() => isDirty(settled.draft, settled.baseline), [settled]);
  const trial = trialStatus(user, new Date());
  const locked = trial.kind === 'ended';

  function reset() {
    dispatch({ type: 'reset' });
    toast.success('Editor reset.');
  }

  return (
    <div className="ed" ref={root}>
      <h1 className="ed__title">My page</h1>
      {!user.isVerified && user.email && <VerifyPrompt email={user.email} />}
      <TrialBanner status={trial} />
      <div className="ed__stage">
        <div className={locked ? 'ed__layout ed__layout--locked' : 'ed__layout'} inert={locked}>
          <Preview card={preview.card} sample={preview.sample} username={saved.username || user.username} />
          <section className="ed__form" aria-label="Edit your page" inert={busy}>
            <DesignFields
              page_theme={draft.page_theme}
              style={draft.style}
              button_bg_color={draft.button_bg_color}
              button_text_color={draft.button_text_color}
              text_alignment={draft.text_alignment}
              dispatch={dispatch}
            />
            <SectionOrder order={draft.section_order} dispatch={dispatch} />
            <MainFields
              shown={draft.show_main_section}
              cover={draft.cover_photo}
              heading={draft.main_heading}
              subheading={draft.sub_heading}
              dispatch={dispatch}
            />
            <AboutFields
              shown={draft.show_about_me_section}
              avatar={draft.avatar}
              fullName={draft.full_name}
              jobTitle={draft.job_title}
              bio={draft.bio}
              dispatch={dispatch}
            />
            <WorkFields shown={draft.show_work_section} works={draft.works} dispatch={dispatch} />
            <ServicesFields
              shown={draft.show_services_section}
              services={draft.services}
              dispatch={dispatch}
            />
            <ReviewsFields shown={draft.show_reviews_section} reviews={draft.reviews} dispatch={dispatch} />
            <ContactFields
              show_contact_section={draft.show_contact_section}
              contact_email={draft.contact_email}
              phone_number={draft.phone_number}
              facebook_url={draft.facebook_url}
              instagram_url={draft.instagram_url}
              linkedin_url={draft.linkedin_url}
              x_url={draft.x_url}
              tiktok_url={draft.tiktok_url}
              dispatch={dispatch}
            />
            <Actions busy={busy} dirty={dirty} onReset={reset} onPublish={() => void publish()} />
          </section>
        </div>
        {busy && progress.photos.length > 0 && <UploadProgress progress={progress} />}
        {locked && <TrialEndedOverlay />}
      </div>
    </div>
  );
}
