/**
 * Defence in depth: content is validated on the way in, but anything that becomes an href or src is checked again
 * here, so a bad value in the log can never turn into a script URL on a published page.
 */

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);
const IMAGE_SCHEMES = new Set(['http', 'https', 'blob']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

// Browsers drop tabs and newlines anywhere in a URL and trim C0 controls and spaces, so `java\nscript:` is a
// javascript: URL to them; normalise the same way before reading the scheme.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const IGNORED = /[\u0000-\u001F\u007F]/g;

/** What a browser would make of a typed value: control characters gone. */
export const withoutControls = (value: string) => value.replace(IGNORED, '');

function checked(url: string, schemes: ReadonlySet<string>): string | undefined {
  const cleaned = withoutControls(url).trim();
  if (cleaned === '') return undefined;
  const scheme = SCHEME.exec(cleaned)?.[1]?.toLowerCase();
  // No scheme: a relative reference (e.g. `contact.vcf`, `/myprofile`), which stays on our own origin.
  if (scheme === undefined) return cleaned;
  return schemes.has(scheme) ? cleaned : undefined;
}

/** An href that is http(s), mailto:, tel: or relative; undefined for anything else. */
export const safeHref = (url: string) => checked(url, LINK_SCHEMES);

/** A user-typed web address; `facebook.com/me` means https, not a path on our site. */
export function externalHref(typed: string): string | undefined {
  const cleaned = typed.replace(IGNORED, '').trim();
  if (cleaned === '') return undefined;
  const absolute = SCHEME.test(cleaned) ? cleaned : `https://${cleaned.replace(/^\/\//, '')}`;
  let parsed: URL;
  try {
    parsed = new URL(absolute);
  } catch {
    return undefined;
  }
  // A web address with a real host; the URL parser refuses spaces and markup in hosts.
  const web = (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname.includes('.');
  return web ? safeHref(parsed.href) : undefined;
}

/** Image addresses: ours, absolute http(s), or the editor's blob: URLs. data: is refused (SVG can carry script). */
export const safeImageSrc = (url: string) => checked(url, IMAGE_SCHEMES);

/** A srcset survives only if every candidate's URL is a safe image address. */
export function safeSrcset(srcset: string | undefined): string | undefined {
  if (srcset === undefined || srcset.trim() === '') return undefined;
  const candidates = srcset.split(/,\s+/);
  const safe = candidates.every((candidate) => {
    const url = candidate.trim().split(/\s+/)[0] ?? '';
    return safeImageSrc(url) !== undefined;
  });
  return safe ? srcset : undefined;
}

const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;

/** Only something shaped like an address becomes a link (no `?cc=` or other mailto: extras). */
export const mailtoHref = (email: string) => {
  const address = email.trim();
  return EMAIL.test(address) && !address.includes('?') ? safeHref(`mailto:${address}`) : undefined;
};
