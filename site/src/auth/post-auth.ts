import { startSubscription } from '../lib/checkout';
import { takePostAuthAction } from '../stores/post-auth';
import type { SessionUser } from '../stores/session';
import { toast } from '../stores/toasts';
import { nextStep, SUBSCRIBE_FALLBACK_PATH } from './destination';

// Replace, not push: Back from the next page should not land on a sign-in form that no longer applies.
const go = (url: string) => window.location.replace(url);

export const fromParam = () => new URLSearchParams(window.location.search).get('from');

/** SPEC §4: run once the session is stored, by sign-up and by login alike. The stored action is used up. */
export async function runPostAuthAction(user: SessionUser | null): Promise<void> {
  const next = nextStep(takePostAuthAction(window.location.search), user, fromParam());
  if (next.kind === 'go') {
    go(next.url);
    return;
  }
  const problem = await startSubscription(go);
  if (problem) {
    toast.error(problem);
    go(SUBSCRIBE_FALLBACK_PATH);
  }
}
