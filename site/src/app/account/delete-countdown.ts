/** SPEC §4 "Account deletion" and §9: the first press arms a 3-second countdown; only at 0 can it be confirmed. */
export const DELETE_COUNTDOWN_SECONDS = 3;

export type DeleteState = { step: 'idle' } | { step: 'armed'; remaining: number } | { step: 'deleting' };

export type DeleteAction = { type: 'press' } | { type: 'tick' } | { type: 'cancel' } | { type: 'settled' };

export const IDLE: DeleteState = { step: 'idle' };

export const canConfirm = (state: DeleteState) => state.step === 'armed' && state.remaining === 0;

/**
 * Pure, so the rules can be checked without timers: a press while counting down does nothing (a double click
 * must never delete), and whatever the delete's outcome the button starts again from the beginning.
 */
export function deleteCountdown(state: DeleteState, action: DeleteAction): DeleteState {
  switch (action.type) {
    case 'press':
      if (state.step === 'idle') return { step: 'armed', remaining: DELETE_COUNTDOWN_SECONDS };
      return canConfirm(state) ? { step: 'deleting' } : state;
    case 'tick':
      return state.step === 'armed' && state.remaining > 0
        ? { step: 'armed', remaining: state.remaining - 1 }
        : state;
    case 'cancel':
      return state.step === 'armed' ? IDLE : state;
    case 'settled':
      return IDLE;
  }
}

export function deleteButtonLabel(state: DeleteState): string {
  if (state.step === 'deleting') return 'Deleting…';
  if (state.step === 'idle') return 'Delete Your Account';
  return state.remaining > 0 ? `Confirm in ${state.remaining}…` : 'Confirm delete';
}

export const DELETED = 'Your account has been deleted';
export const DELETE_FAILED = 'Failed to delete account';
export const DELETE_SERVER_ERROR = 'Server error deleting account';

/**
 * SPEC §8: the server's own words when it gave some; no answer at all, or a server fault with nothing to say, is
 * the server's error; anything else is a plain failure.
 */
export function deleteFailureMessage(status: number, message: string): string {
  if (message && message !== DELETE_FAILED) return message;
  return status === 0 || status >= 500 ? DELETE_SERVER_ERROR : DELETE_FAILED;
}
