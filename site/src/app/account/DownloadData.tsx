import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { toast } from '../../stores/toasts';
import { endSession } from '../queries';
import { DOWNLOAD_FAILED, fetchExport, saveFile } from './download-data';

/** ADR 030, decision 9: "Download my data", the portable copy the privacy policy promises. */
export function DownloadData() {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { name, zip } = await fetchExport();
      saveFile(name, zip);
    } catch (error) {
      // SPEC §4: a 401 or 403 on the profile ends the session.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403))
        endSession(window.location.pathname);
      else toast.error(error instanceof ApiError ? error.message : DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p id="data-what">
        Download a copy of everything you’ve given us, to keep or to take elsewhere: your account, your page
        and all its photos, your orders, plan and NFC cards, the quote requests sent from your page, and the
        record of every change. It comes as a zip of JSON files and photos, with a README that explains each
        file.
      </p>
      <button
        type="button"
        className="button button--ghost"
        aria-describedby="data-what"
        disabled={busy}
        onClick={download}
      >
        {busy ? 'Preparing your download…' : 'Download my data'}
      </button>
    </section>
  );
}
