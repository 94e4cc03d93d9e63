/** The one segment after `/<page>/` in the address, decoded: a token a mailed link carries. Null when there is none. */
function tokenAfter(page: string, pathname: string): string | null {
  const match = new RegExp(`^/${page}/([^/]+)/?$`).exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).trim() || null;
  } catch {
    return null;
  }
}

/** The token from /reset-password/<token> (the address mailed by POST /api/forgot-password), or null. */
export const resetTokenFrom = (pathname: string) => tokenAfter('reset-password', pathname);

/** The token from /join/<token>, a firm's invitation (issue 32), or null. */
export const joinTokenFrom = (pathname: string) => tokenAfter('join', pathname);
