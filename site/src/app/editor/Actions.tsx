type Props = {
  busy: boolean;
  dirty: boolean;
  onReset: () => void;
  onPublish: () => void;
  /** Present just after a reset: the Undo that brings back what it cleared. */
  onUndo?: () => void;
};

/**
 * Reset Page and Publish Now, with a line saying whether there is anything to publish, or, just after a reset, that
 * it happened and an Undo. Both in this bar, which stays in view, so the Undo is where the Reset was pressed.
 */
export function Actions({ busy, dirty, onReset, onPublish, onUndo }: Props) {
  return (
    <div className="ed-actions">
      {onUndo ? (
        <p className="ed-actions__status ed-actions__undo" role="status">
          Page reset: your unpublished changes were cleared.{' '}
          <button type="button" className="button ed-small" onClick={onUndo}>
            Undo
          </button>
        </p>
      ) : (
        <p className="ed-actions__status" aria-live="polite">
          {busy ? 'Publishing…' : dirty ? 'You have unpublished changes.' : 'No unpublished changes.'}
        </p>
      )}
      <div className="ed-actions__buttons">
        <button type="button" className="button button--ghost" onClick={onReset} disabled={busy}>
          Reset Page
        </button>
        <button type="button" className="button" onClick={onPublish} aria-disabled={busy}>
          Publish Now
        </button>
      </div>
    </div>
  );
}
