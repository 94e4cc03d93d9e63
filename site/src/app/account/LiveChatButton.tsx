import { useState } from 'react';
import { OPEN_CHAT_KEY, OPEN_RETRY_EVERY_MS, OPEN_RETRY_FOR_MS, openChatWidget } from '../../lib/chat';
import { toast } from '../../stores/toasts';

export const SUPPORT_PATH = '/contact-support';
const NOT_AVAILABLE = 'Live chat isn’t available right now. Send us a message and we’ll reply by email.';

/** Resolves true once the widget opens; it may still be loading, as the first tap also starts loading it. */
function openWhenReady(): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const attempt = () => {
      if (openChatWidget(window)) resolve(true);
      else if (Date.now() - started >= OPEN_RETRY_FOR_MS) resolve(false);
      else window.setTimeout(attempt, OPEN_RETRY_EVERY_MS);
    };
    attempt();
  });
}

type Props = { className?: string };

/**
 * SPEC §2: the chat widget only runs on /contact-support among the signed-in pages, so elsewhere 'Live chat'
 * leaves the flag that opens it there on arrival. On /contact-support itself it opens the widget in place, so a
 * half-written message is never lost to a reload.
 */
export function LiveChatButton({ className = 'button button--ghost' }: Props) {
  const [opening, setOpening] = useState(false);

  async function open() {
    if (window.location.pathname !== SUPPORT_PATH) {
      localStorage.setItem(OPEN_CHAT_KEY, 'true');
      window.location.assign(SUPPORT_PATH);
      return;
    }
    setOpening(true);
    if (!(await openWhenReady())) toast.error(NOT_AVAILABLE);
    setOpening(false);
  }

  return (
    <button type="button" className={className} disabled={opening} onClick={() => void open()}>
      {opening ? 'Opening chat…' : 'Live chat'}
    </button>
  );
}
