import { useEffect, useRef } from 'react';
import { copyWithToast } from '../../lib/copy';
import { toast } from '../../stores/toasts';
import { shareAddress, useOwnDomain } from '../account/own-domain';

type Props = {
  username: string;
  onClose: () => void;
  /** Why the link doesn't work yet (shell/page-status.ts), said before anyone prints or sends it; null when live. */
  unavailable?: string | null;
};

/** SPEC §2 "Share modal": the link, a copy button, the QR code and its download; Escape closes; no scrolling behind. */
export function ShareModal({ username, onClose, unavailable = null }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // The owner's own domain while it is live (issue 31); the QR files below encode it then too.
  const domain = useOwnDomain();
  const url = shareAddress(window.location.origin, username, domain.data);
  const shortLink = url.replace(/^https?:\/\//, '');

  useEffect(() => {
    dialog.current?.showModal();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const copy = () => copyWithToast(url, 'Profile link copied!');

  return (
    <dialog ref={dialog} className="share" aria-labelledby="share-title" onClose={onClose}>
      <div className="share__bar">
        <h2 id="share-title">Share Your Link</h2>
        <button
          type="button"
          className="share__close"
          aria-label="Close"
          onClick={() => dialog.current?.close()}
        >
          ×
        </button>
      </div>
      {unavailable && (
        <p className="share__note" role="note">
          {unavailable} The link and QR code below will work once it is.
        </p>
      )}
      <label className="share__link">
        Your page
        <input readOnly value={shortLink} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="share__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy Link
        </button>
        <a className="button button--ghost" href={url} target="_blank" rel="noopener">
          Visit Profile
        </a>
      </div>
      <figure className="share__qr">
        <img
          src={`/u/${encodeURIComponent(username)}/qr.png`}
          width={200}
          height={200}
          alt={`QR code for ${shortLink}`}
          onError={() => toast.error('Failed to generate QR code.')}
        />
        <figcaption>Scan QR Code</figcaption>
      </figure>
      <a
        className="button button--ghost"
        href={`/u/${encodeURIComponent(username)}/qr-print.png`}
        download={`${username}-tradecard-qr.png`}
      >
        Download QR Code
      </a>
    </dialog>
  );
}
