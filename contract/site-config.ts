// What the server tells the built public site at run time (ADR 040): the site is built once per release, for no
// address in particular, and each server writes its own address and chat widget into the few files that need them.

/**
 * The origin the site is built for (site/astro.config.mjs `site`), in every absolute address it writes: canonical
 * links, og:image, the sitemap, robots.txt, the sign-up page's example address. Under `.invalid` (RFC 6761), so it
 * can never be anyone's real address, and lower-case with no path, so a URL parsed from it prints it unchanged.
 * The server replaces it with PUBLIC_URL's origin (api/static/localise-site.ts).
 */
export const BUILT_ORIGIN = 'https://public-url.invalid';

/**
 * The `<meta name>` that carries CHAT_WIDGET_SRC to the chat loader (site/src/scripts/chat-loader.ts). The build
 * writes none; the server adds it to each page when a widget is configured, so no address is in a hashed bundle.
 */
export const CHAT_WIDGET_META = 'chat-widget-src';
