/** The token from /reset-password/<token> (the address mailed by POST /api/forgot-password), or null. */
export function resetTokenFrom(pathname: string): string | null {
  const match = /^\/reset-password\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]).trim() || null;
  } catch {
    return null;
  }
}
