import { JOIN_PATH, SIGNED_IN_PATHS } from '../auth/destination';
/** SPEC §2 "Chat widget" and §9: shown after 4 s, or on first interaction, on all but these pages. */
export const CHAT_DELAY_MS = 4000;
export const OPEN_RETRY_EVERY_MS = 200;
export const OPEN_RETRY_FOR_MS = 5000;
export const OPEN_CHAT_KEY = 'openChatOnLoad';

/**
 * Pages that hold a secret (issue 11, finding 3): a third-party script runs with the page's rights, so it could
 * read a password as it is typed, a reset token from the address, a checkout id, or the session. The signed-in
 * pages (the App layout, which loads no widget at all) are listed too, so the server's CSP names the widget's
 * origin on none of them.
 */
export const CHAT_EXCLUDED_PATHS = [
  // Passwords, verification codes and reset tokens.
  '/login',
  '/register',
  '/reset-password',
  // A firm's invitation token.
  JOIN_PATH,
  // Every signed-in page: each can act with the session and shows the account. The one list of them, so a new
  // signed-in page (issue 16's /stats was missed here) is excluded as it is added.
  ...SIGNED_IN_PATHS,
];

// Search engines and audit tools get the page without a third-party widget (and its cookies).
const BOT = /bot\b|crawl|spider|slurp|bingpreview|facebookexternalhit|lighthouse|pagespeed|gtmetrix/i;

/** Whether this address may ever load the widget; the server names the widget's origin in the CSP only here. */
export function chatMayLoadOn(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return !CHAT_EXCLUDED_PATHS.some((excluded) => path === excluded || path.startsWith(`${excluded}/`));
}

/**
 * Whether to load the widget now. Never while someone is signed in (the stored authUser copy says so): the session
 * cookie is out of a script's reach (ADR 015), but the account's name, email and the API answers it can fetch are
 * not, so a signed-in visitor gets no widget on any page.
 */
export function chatAllowed(options: {
  src: string;
  pathname: string;
  userAgent: string;
  signedIn: boolean;
}): boolean {
  if (!options.src || options.signedIn) return false;
  if (BOT.test(options.userAgent)) return false;
  return chatMayLoadOn(options.pathname);
}

type ChatWindow = Window & {
  Tawk_API?: { maximize?: () => void };
  $crisp?: unknown[][];
  tidioChatApi?: { open?: () => void };
  Intercom?: (command: string) => void;
  openChatWidget?: () => void;
};

/**
 * Opens the widget if its script has set up one of the APIs the common providers expose; false while it is
 * still loading, so the caller tries again.
 */
export function openChatWidget(target: Window): boolean {
  const w = target as ChatWindow;
  if (typeof w.openChatWidget === 'function') w.openChatWidget();
  else if (typeof w.Tawk_API?.maximize === 'function') w.Tawk_API.maximize();
  else if (Array.isArray(w.$crisp)) w.$crisp.push(['do', 'chat:open']);
  else if (typeof w.tidioChatApi?.open === 'function') w.tidioChatApi.open();
  else if (typeof w.Intercom === 'function') w.Intercom('show');
  else return false;
  return true;
}
