import { createHash } from 'node:crypto';
import { headersFor, pageKey, profileKey } from '../platform/storage/key-layout';
import { removeStale } from './page-files';
import { qrPng, qrSvg } from './qr';
import type { RenderTarget } from './render-account';
import { qrAddress } from './render-account';

/**
 * QR codes depend only on the address they encode, so each is drawn once, on its first request (`qrCodeFile`), not by
 * the projector: a full rebuild of thousands of pages then never waits on them (the print PNG alone is 50 ms).
 */
export const QR_FILES = {
  'qr.svg': (url: string) => qrSvg(url),
  'qr.png': (url: string) => qrPng(url, 200),
  'qr-print.png': (url: string) => qrPng(url, 1200),
} as const;

/**
 * On disk a QR file is named by the address it encodes (`qr.<hash>.png` for `/u/<username>/qr.png`), so a file
 * drawn under an earlier PUBLIC_URL, or for the page's own address as before issue 16, is never served once the
 * address changes: it simply isn't the file asked for.
 */
const qrDiskName = (name: string, url: string) => {
  const hash = createHash('sha256').update(url).digest('hex').slice(0, 16);
  const dot = name.lastIndexOf('.');
  return `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
};

/** Any QR file, drawn for any address (and the unhashed names drawn before files were named by address). */
const QR_ON_DISK = /^qr(-print)?(\.[0-9a-f]{16})?\.(png|svg)$/;

/** QR files that encode another address than `url`. */
export const staleQrCode = (url: string) => {
  const current = new Set(Object.keys(QR_FILES).map((name) => qrDiskName(name, url)));
  return (name: string) => QR_ON_DISK.test(name) && !current.has(name);
};

/**
 * The key of a rendered profile's QR file for the current address, drawn if it is not there yet; null if there
 * is no such profile or file.
 */
export async function qrCodeFile(
  target: Pick<RenderTarget, 'publicDir' | 'publicUrl' | 'storage'>,
  username: string,
  name: string,
  /** The owner's live domain, which codes drawn from now on name (issue 31). */
  domain: string | null = null,
): Promise<string | null> {
  const draw = QR_FILES[name as keyof typeof QR_FILES];
  if (!draw) return null;
  const { storage } = target;
  const url = qrAddress(target.publicUrl, username, domain);
  const key = profileKey(username, qrDiskName(name, url));
  // One look (a round trip to a bucket) once drawn: a code goes with its page (deletePrefix), so it implies one.
  if (await storage.head(key)) return key;
  if (!(await storage.head(pageKey(username)))) return null;
  await storage.put(key, await draw(url), headersFor(key));
  // The address changed since the page was last rendered: the codes for the old one go now, not at the rebuild.
  await removeStale(storage, username, staleQrCode(url));
  return key;
}
