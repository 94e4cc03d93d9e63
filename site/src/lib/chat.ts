/** SPEC §2 "Chat widget" and §9: shown after 4 s, or on first interaction, on all but these pages. */
export const CHAT_DELAY_MS = 4000;
export const OPEN_RETRY_EVERY_MS = 200;
export const OPEN_RETRY_FOR_MS = 5000;
export const OPEN_CHAT_KEY = 'openChatOnLoad';

export const CHAT_EXCLUDED_PATHS = [
  '/myprofile',
  '/myorders',
  '/billing',
  '/helpcentreinterface',
  '/nfccards',
  '/notifications',
  '/profile',
  '/admin',
];

// Search engines and audit tools get the page without a third-party widget (and its cookies).
const BOT = /bot\b|crawl|spider|slurp|bingpreview|facebookexternalhit|lighthouse|pagespeed|gtmetrix/i;

export function chatAllowed(options: { src: string; pathname: string; userAgent: string }): boolean {
  if (!options.src) return false;
  if (BOT.test(options.userAgent)) return false;
  const path = options.pathname.replace(/\/+$/, '') || '/';
  return !CHAT_EXCLUDED_PATHS.some((excluded) => path === excluded || path.startsWith(`${excluded}/`));
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
