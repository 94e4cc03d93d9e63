/** Issue 31: the domain an owner types, read the way they would mean it, or the sentence saying what to type. */

export const MAX_DOMAIN = 253;
export const DOMAIN_MISSING = 'Please type your domain, like taylorandsons.co.uk.';
export const DOMAIN_NOT_USABLE =
  'That isn’t a domain we can use: type it like taylorandsons.co.uk or card.taylorandsons.co.uk.';
export const DOMAIN_IS_OURS = 'That address is ours: type your own domain, like taylorandsons.co.uk.';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Names that never reach public DNS: no certificate could be issued, and no customer could open them. */
const PRIVATE_TOP_LEVELS = new Set([
  'localhost',
  'local',
  'internal',
  'invalid',
  'arpa',
  'onion',
  'home',
  'lan',
]);

export type DomainInput = { ok: true; domain: string } | { ok: false; error: string };

const within = (domain: string, host: string) => domain === host || domain.endsWith(`.${host}`);

/**
 * What the owner typed, pasted from an address bar or not: the scheme, a path, a port and a trailing dot go, capitals
 * are lowered and an international name becomes its ASCII form (as DNS and certificates know it). `ours`: the
 * service's own hosts, which no owner may claim, nor any name under them.
 */
export function readDomain(typed: string, ours: readonly string[]): DomainInput {
  const trimmed = typed.trim();
  if (!trimmed) return { ok: false, error: DOMAIN_MISSING };
  if (trimmed.length > MAX_DOMAIN + 20) return { ok: false, error: DOMAIN_NOT_USABLE };
  let host: string;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`);
    if (url.username || url.password) return { ok: false, error: DOMAIN_NOT_USABLE };
    host = url.hostname.replace(/\.$/, '');
  } catch {
    return { ok: false, error: DOMAIN_NOT_USABLE };
  }
  const labels = host.split('.');
  const topLevel = labels.at(-1) ?? '';
  if (
    host.length > MAX_DOMAIN ||
    labels.length < 2 ||
    !labels.every((label) => LABEL.test(label)) ||
    !TOP_LEVEL.test(topLevel) ||
    PRIVATE_TOP_LEVELS.has(topLevel)
  )
    return { ok: false, error: DOMAIN_NOT_USABLE };
  if (ours.some((own) => within(host, own.toLowerCase()))) return { ok: false, error: DOMAIN_IS_OURS };
  return { ok: true, domain: host };
}
