import { toast } from '../stores/toasts';

/** SPEC §8's words for a copy the browser refused. */
export const COPY_FAILED = 'Failed to copy. Please try manually.';

/** Copies `text` and says so in a toast: `copied` on success, COPY_FAILED otherwise. */
export async function copyWithToast(text: string, copied: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(COPY_FAILED);
  }
}
