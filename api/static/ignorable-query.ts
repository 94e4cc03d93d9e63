/**
 * Issue 29: a link tapped in Facebook or Instagram arrives as `/u/dana?fbclid=…`, one from a campaign with utm_*;
 * a profile page is the same file whatever they say (the /u/ and /q/ routes read no query), so the fast path answers
 * it as it answers the plain address (it was half as fast through Hono). Only the names that mark where a click came
 * from are ignored: anything else still goes to Hono.
 */
const TRACKING = new Set([
  'fbclid',
  'gclid',
  'msclkid',
  'dclid',
  'gbraid',
  'wbraid',
  'igshid',
  'mc_cid',
  'mc_eid',
  's',
]);
const isTracking = (name: string) => TRACKING.has(name) || name.startsWith('utm_');

/**
 * The query as the access log may show it (`?fbclid=[redacted]`: tracking ids are per person, never logged), or null
 * when the query holds a name that isn't only a click's origin.
 */
export function ignorableQuery(search: string): string | null {
  const names: string[] = [];
  for (const part of search.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = equals < 0 ? part : part.slice(0, equals);
    if (!isTracking(name)) return null;
    names.push(`${name}=[redacted]`);
  }
  return names.length > 0 ? `?${names.join('&')}` : '';
}
