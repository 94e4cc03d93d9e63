/**
 * Returns the normalised URL, or throws unless it is an absolute http(s) URL.
 * Links end up in `href`s, where `javascript:` or `data:` would run or spoof content in the reader's mail client.
 */
export function requireHttpUrl(link: string): string {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new Error('Mail link must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Mail link must be an http(s) URL, got scheme "${url.protocol}"`);
  }
  return url.href;
}
