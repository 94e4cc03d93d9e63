import { toast } from '../../stores/toasts';

export const SUPPORT_PATH = '/contact-support';
export const CHAT_SIGNED_IN =
  'Live chat isn’t available while you’re signed in. Send us a message here and we’ll reply by email.';

type Props = { className?: string };

/**
 * SPEC §2 had the chat widget open on /contact-support. A third-party script on a signed-in page could read the
 * session (issue 11, finding 3), so no signed-in page loads it (site/src/lib/chat.ts): 'Live chat' says so and
 * brings the person to the message form instead.
 */
export function LiveChatButton({ className = 'button button--ghost' }: Props) {
  function open() {
    toast.errorBeforeLeaving(CHAT_SIGNED_IN);
    if (window.location.pathname !== SUPPORT_PATH) window.location.assign(SUPPORT_PATH);
  }

  return (
    <button type="button" className={className} onClick={open}>
      Live chat
    </button>
  );
}
