import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The browser's session (ADR 015): an HttpOnly cookie no script on the page can read. Over https it carries the
 * __Host- prefix, which the browser honours only for a Secure, Path=/, host-only cookie, so a sibling subdomain
 * can't plant or shadow it. Plain http (local runs, the journeys) can't use the prefix or Secure.
 */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? '__Host-tc_session' : 'tc_session';
}

const isHttps = (publicUrl: string) => new URL(publicUrl).protocol === 'https:';

const attributes = (publicUrl: string) =>
  ({ httpOnly: true, sameSite: 'Lax', secure: isHttps(publicUrl), path: '/' }) as const;

export function readSessionCookie(c: Context, publicUrl: string): string | null {
  return getCookie(c, sessionCookieName(publicUrl)) || null;
}

export function setSessionCookie(c: Context, publicUrl: string, token: string, maxAgeSeconds: number) {
  setCookie(c, sessionCookieName(publicUrl), token, { ...attributes(publicUrl), maxAge: maxAgeSeconds });
}

export function clearSessionCookie(c: Context, publicUrl: string) {
  deleteCookie(c, sessionCookieName(publicUrl), attributes(publicUrl));
}
