import { CHAT_WIDGET_META } from '../../../contract/site-config';
import {
  CHAT_DELAY_MS,
  chatAllowed,
  OPEN_CHAT_KEY,
  OPEN_RETRY_EVERY_MS,
  OPEN_RETRY_FOR_MS,
  openChatWidget,
} from '../lib/chat';
import { $session } from '../stores/session';

// CHAT_WIDGET_SRC as the server wrote it into this page (ADR 040), not built into this bundle: one build serves any
// widget, or none (no tag).
const src = document.querySelector<HTMLMetaElement>(`meta[name="${CHAT_WIDGET_META}"]`)?.content ?? '';

function load() {
  if (document.querySelector('script[data-chat-widget]')) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.dataset.chatWidget = '';
  document.body.append(script);
}

/** SPEC §2: a stored flag opens the chat on arrival, retrying every 200 ms for up to 5 s while it loads. */
function openWhenReady() {
  const started = Date.now();
  const timer = window.setInterval(() => {
    if (openChatWidget(window)) {
      localStorage.removeItem(OPEN_CHAT_KEY);
      window.clearInterval(timer);
    } else if (Date.now() - started >= OPEN_RETRY_FOR_MS) {
      window.clearInterval(timer);
    }
  }, OPEN_RETRY_EVERY_MS);
}

const signedIn = $session.get() !== null;
if (chatAllowed({ src, pathname: location.pathname, userAgent: navigator.userAgent, signedIn })) {
  if (localStorage.getItem(OPEN_CHAT_KEY) === 'true') {
    load();
    openWhenReady();
  } else {
    const events = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
    const once = () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, once);
      load();
    };
    const timer = window.setTimeout(once, CHAT_DELAY_MS);
    for (const name of events) window.addEventListener(name, once, { once: true, passive: true });
  }
}
