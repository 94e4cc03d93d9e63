import { type ReactNode, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { MyCardAnswer } from '../../../../contract/card';
import { type BrandPart, brandedContent } from '../../../../events/firm/brand';
import type { SessionUser } from '../../stores/session';
import { toast } from '../../stores/toasts';
import { ConfirmDialog } from '../shell/ConfirmDialog';
import { AboutFields } from './AboutFields';
import { Actions } from './Actions';
import { AreasFields } from './AreasFields';
import { CalloutFields } from './CalloutFields';
import { ContactFields } from './ContactFields';
import { CredentialsFields } from './CredentialsFields';
import { DesignFields } from './DesignFields';
import { isDirty } from './dirty';
import { type Draft, draftFromContent, unstoredImages } from './draft';
import { HoursFields } from './HoursFields';
import { clearLocalDraft, type RestoredDraft, readLocalDraft, writeLocalDraft } from './local-draft';
import { MainFields } from './MainFields';
import { PlanBanner } from './PlanBanner';
import { Preview } from './Preview';
import { previewCard } from './preview-card';
import { ReviewsFields } from './ReviewsFields';
import { type EditorState, editorReducer, initialEditorState } from './reducer';
import { SectionOrder } from './SectionOrder';
import { ServicesFields } from './ServicesFields';
import { startingContent } from './sample';
import type { SavedCard } from './saved-card';
import { TrialEndedOverlay } from './TrialBanner';
import { trialStatus } from './trial';
import { UploadProgress } from './UploadProgress';
import { useLeaveGuard } from './use-leave-guard';
import { useReleaseObjectUrls } from './use-object-urls';
import { usePainted } from './use-painted';
import { usePhotoUploads } from './use-photo-uploads';
import { usePublish } from './use-publish';
import { useScrollToEditor } from './use-scroll-to-editor';
import { VerifyPrompt } from './VerifyPrompt';
import { WorkFields } from './WorkFields';

type Props = {
  user: SessionUser;
  accountId: string;
  saved: SavedCard;
  /** The brand of the member's firm (issue 32), whose locked parts the page shows instead of theirs. */
  firmBrand: MyCardAnswer['data']['firmBrand'];
};

const NO_LOCKS: readonly BrandPart[] = [];

/** The published card, or the unpublished draft this account left on this device (issue 14) on top of it. */
function startingPoint(accountId: string, saved: SavedCard) {
  const baseline = draftFromContent(startingContent(saved));
  const restored = readLocalDraft(localStorage, accountId, baseline);
  if (!restored || !isDirty(restored.draft, baseline))
    return { state: initialEditorState(baseline), restored: null };
  return { state: { baseline, draft: restored.draft } satisfies EditorState, restored };
}

/**
 * The form, its fields drawn once the preview is on screen: drawn in one go, the two were one long task on a phone,
 * and the preview's cover is the page's largest paint (Lighthouse, issue 12).
 */
function EditorForm({ busy, children }: { busy: boolean; children: ReactNode }) {
  const shown = usePainted();
  return (
    <section className="ed__form" aria-label="Edit your page" inert={busy}>
      {shown && children}
    </section>
  );
}

const timeText = (date: Date) => date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function EditorScreen({ user, accountId, saved, firmBrand }: Props) {
  const [start] = useState(() => startingPoint(accountId, saved));
  const [state, dispatch] = useReducer(editorReducer, start.state);
  const [restored, setRestored] = useState<RestoredDraft | null>(start.restored);
  /** What Reset Page (or Discard draft) cleared, until Undo brings it back or the next edit. */
  const [undo, setUndo] = useState<Draft | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [isPublished, setPublished] = useState(saved.isPublished);
  const { draft, baseline } = state;
  const { busy, awaited, publish } = usePublish(
    state,
    dispatch,
    () => {
      setPublished(true);
      clearLocalDraft(localStorage, accountId);
      setRestored(null);
      setUndo(null);
    },
    isPublished,
  );
  const root = useRef<HTMLDivElement>(null);
  useScrollToEditor(root);
  useReleaseObjectUrls(draft, undo);
  usePhotoUploads(draft, dispatch);

  // The saved card refetched (after publishing, or from another tab) replaces the draft only if it has no edits.
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    const { draft: current, baseline: loaded } = latest.current;
    if (isDirty(current, loaded)) return;
    dispatch({ type: 'load', draft: draftFromContent(startingContent(saved)) });
    setPublished(saved.isPublished);
  }, [saved]);

  // The firm's locked brand, as the page will show it (issue 32): in the preview and in the locked controls.
  const shown = useMemo(() => brandedContent(draft, firmBrand), [draft, firmBrand]);
  const preview = useMemo(
    () => previewCard(shown, brandedContent(baseline, firmBrand), isPublished),
    [shown, baseline, firmBrand, isPublished],
  );
  // The status line can lag a keystroke behind; the preview must not.
  const settled = useDeferredValue(state);
  const dirty = useMemo(() => isDirty(settled.draft, settled.baseline), [settled]);
  const leave = useLeaveGuard(dirty);
  const trial = trialStatus(user, new Date());
  const locked = trial.kind === 'ended';

  // Every unpublished change is kept on this device as it is made; none left, none kept.
  useEffect(() => {
    if (dirty) writeLocalDraft(localStorage, accountId, settled.draft);
    else clearLocalDraft(localStorage, accountId);
  }, [dirty, settled, accountId]);

  // An edit after a reset makes the reset final: Undo would otherwise throw the new edit away.
  useEffect(() => {
    if (undo && draft !== baseline) setUndo(null);
  }, [undo, draft, baseline]);

  function reset() {
    setConfirmingReset(false);
    setRestored(null);
    // At once, not when the deferred status catches up: a tab closed the next moment must not bring it back.
    clearLocalDraft(localStorage, accountId);
    if (draft === baseline) return;
    setUndo(draft);
    dispatch({ type: 'reset' });
  }

  function undoReset() {
    if (undo) dispatch({ type: 'restore', draft: undo });
    setUndo(null);
  }

  function askToReset() {
    if (!isDirty(draft, baseline)) toast.error('There are no unpublished changes to reset.');
    else setConfirmingReset(true);
  }

  return (
    <div className="ed" ref={root}>
      <div className="ed__head">
        <h1 className="ed__title">My page</h1>
        <a className="ed__stats" href="/stats">
          See your page’s visits
        </a>
      </div>
      {!user.isVerified && user.email && <VerifyPrompt email={user.email} />}
      <PlanBanner user={user} trial={trial} />
      {restored && (
        <div className="ed-notice" role="status">
          <p>
            Your unpublished changes from {timeText(restored.savedAt)} are back, kept on this device.
            {restored.photosLeftOut > 0 &&
              ` ${restored.photosLeftOut === 1 ? '1 photo' : `${restored.photosLeftOut} photos`} you picked had not finished uploading and could not be kept: please add ${restored.photosLeftOut === 1 ? 'it' : 'them'} again.`}
          </p>
          <button type="button" className="button button--ghost ed-small" onClick={reset}>
            Discard draft
          </button>
          <button type="button" className="button button--ghost ed-small" onClick={() => setRestored(null)}>
            Keep editing
          </button>
        </div>
      )}
      <div className="ed__stage">
        <div className={locked ? 'ed__layout ed__layout--locked' : 'ed__layout'} inert={locked}>
          <Preview
            card={preview.card}
            sample={preview.sample}
            empty={preview.empty}
            username={saved.username || user.username}
            published={isPublished}
          />
          <EditorForm busy={busy}>
            <DesignFields
              page_theme={shown.page_theme}
              style={shown.style}
              button_bg_color={shown.button_bg_color}
              button_text_color={shown.button_text_color}
              text_alignment={draft.text_alignment}
              dispatch={dispatch}
              brandLocks={firmBrand?.locked ?? NO_LOCKS}
              firmName={firmBrand?.firmName ?? null}
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
              businessName={shown.business_card_name}
              bio={draft.bio}
              dispatch={dispatch}
              nameLocked={firmBrand?.locked.includes('name') ?? false}
              firmName={firmBrand?.firmName ?? null}
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
              whatsapp_greeting={draft.whatsapp_greeting}
              full_name={draft.full_name}
              quotes_enabled={draft.quotes_enabled}
              facebook_url={draft.facebook_url}
              instagram_url={draft.instagram_url}
              linkedin_url={draft.linkedin_url}
              x_url={draft.x_url}
              tiktok_url={draft.tiktok_url}
              dispatch={dispatch}
            />
            <HoursFields hours={draft.opening_hours} dispatch={dispatch} />
            <CalloutFields {...draft.emergency_callout} dispatch={dispatch} />
            <AreasFields areas={draft.areas_covered} dispatch={dispatch} />
            <CredentialsFields credentials={draft.credentials} dispatch={dispatch} />
            <Actions
              busy={busy}
              dirty={dirty}
              onReset={askToReset}
              onPublish={() => void publish()}
              onUndo={undo ? undoReset : undefined}
            />
          </EditorForm>
        </div>
        {busy && awaited.length > 0 && <UploadProgress photos={awaited} />}
        {locked && <TrialEndedOverlay />}
      </div>
      {confirmingReset && (
        <ConfirmDialog
          title="Reset your page?"
          confirmLabel="Reset Page"
          cancelLabel="Cancel"
          onConfirm={reset}
          onCancel={() => setConfirmingReset(false)}
        >
          <p>
            Every change you haven’t published is cleared, photos included, and the editor goes back to your
            published page. You can undo this straight afterwards.
          </p>
        </ConfirmDialog>
      )}
      {leave.pending && (
        <ConfirmDialog
          title="Leave with unpublished changes?"
          confirmLabel="Leave"
          cancelLabel="Stay"
          onConfirm={leave.leave}
          onCancel={leave.stay}
        >
          <p>
            Your changes are not on your live page until you publish. They are kept as a draft on this device
            and come back when you return to My page
            {unstoredImages(draft).length > 0
              ? ', except the photos still uploading, which are kept once they are up.'
              : '.'}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
