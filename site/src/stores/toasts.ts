import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error';
/** `forNextPage`: raised just before a navigation it explains ('Session expired', then the login page). */
export type Toast = {
  id: string;
  kind: ToastKind;
  message: string;
  expiresAt: number;
  forNextPage?: boolean;
};

/** SPEC §9: errors show for 4 s, successes for 2 s, at most 20 at once. */
export const TOAST_MS: Record<ToastKind, number> = { error: 4000, success: 2000 };
export const MAX_TOASTS = 20;

/**
 * Toasts also live in sessionStorage until they expire, so one raised just before a navigation ('Login
 * successful!' and then a redirect) shows on the next page for the rest of its time.
 */
const STORAGE_KEY = 'tradecard.toasts';

const stillShowing = (toasts: Toast[], now: number) => toasts.filter((toast) => toast.expiresAt > now);

/**
 * What the next page shows of the last one's toasts: successes, and errors raised to explain the navigation itself.
 * A success reports what the navigation did; any other error belongs to the form it was raised on, and on the next
 * page it reads as a new failure.
 */
export const carriedOver = (toasts: Toast[], now: number) =>
  stillShowing(toasts, now).filter((toast) => toast.kind === 'success' || toast.forNextPage === true);

function restore(): Toast[] {
  if (typeof sessionStorage === 'undefined') return [];
  try {
    return carriedOver(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as Toast[], Date.now());
  } catch {
    return [];
  }
}

export const $toasts = atom<Toast[]>(restore());

$toasts.listen((toasts) => {
  if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(STORAGE_KEY, JSON.stringify(toasts));
});

let counter = 0;

export function raiseToast(
  message: string,
  kind: ToastKind = 'error',
  now = Date.now(),
  forNextPage = false,
): Toast {
  counter += 1;
  const toast: Toast = { id: `${now}-${counter}`, kind, message, expiresAt: now + TOAST_MS[kind] };
  if (forNextPage) toast.forNextPage = true;
  // A success answers what went wrong before it ('That code is not correct', then the right code), so the errors
  // still showing are cleared rather than left to contradict it.
  const earlier = stillShowing($toasts.get(), now).filter(
    (shown) => kind === 'error' || shown.kind === 'success',
  );
  $toasts.set([...earlier, toast].slice(-MAX_TOASTS));
  return toast;
}

export const toast = {
  success: (message: string) => raiseToast(message, 'success'),
  error: (message: string) => raiseToast(message, 'error'),
  /** An error that says why the page is about to change ('Session expired', then the login page). */
  errorBeforeLeaving: (message: string) => raiseToast(message, 'error', Date.now(), true),
  /** A success that the next page shows ('You’ve joined Pipe & Sons.', then the dashboard). */
  successBeforeLeaving: (message: string) => raiseToast(message, 'success', Date.now(), true),
};

export function dismissToast(id: string) {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}
