import { ApiError, errorText, NO_RESPONSE } from '../../lib/api';
import { stamped } from '../queries';

/** ADR 030, decision 9: the account's data as a zip (api/routes/data-export.ts). */
export const EXPORT_URL = '/api/profile/export';

export const DOWNLOAD_FAILED = 'Your data could not be downloaded. Please try again in a few minutes.';
export const DOWNLOAD_CUT_SHORT = 'The download stopped before it finished. Please try again.';
const FALLBACK_NAME = 'tradecard-data.zip';

/** The file name the answer's Content-Disposition gives, kept to safe characters; a plain one when it gives none. */
export function attachmentName(header: string | null): string {
  const name = header?.match(/filename="([^"]+)"/)?.[1]?.replace(/[^A-Za-z0-9._-]/g, '');
  return name?.endsWith('.zip') ? name : FALLBACK_NAME;
}

/**
 * Fetches the zip whole, then hands it to the browser to save under the server's name. Fetched rather than
 * linked, so a refusal (too many downloads, a session that ended) is shown in words instead of as a failed or
 * JSON-named file. A stream that breaks part-way (the server could not read a photo) never becomes a file.
 */
export async function fetchExport(): Promise<{ name: string; zip: Blob }> {
  let response: Response;
  try {
    // SPEC §7: every /profile address carries ts, so no cache in between answers with another moment's data.
    response = await fetch(stamped(EXPORT_URL), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(DOWNLOAD_FAILED, NO_RESPONSE);
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => ({}));
    throw new ApiError(errorText(data) ?? DOWNLOAD_FAILED, response.status);
  }
  const zip = await response.blob().catch(() => {
    throw new ApiError(DOWNLOAD_CUT_SHORT, response.status);
  });
  return { name: attachmentName(response.headers.get('content-disposition')), zip };
}

/** Saves a file the page holds as a download, as a link with `download` would. */
export function saveFile(name: string, file: Blob) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after click() returns: let it go once the save has surely started.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
