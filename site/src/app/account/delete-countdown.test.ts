import { describe, expect, it } from 'vitest';
import {
  canConfirm,
  DELETE_FAILED,
  DELETE_SERVER_ERROR,
  type DeleteAction,
  type DeleteState,
  deleteButtonLabel,
  deleteCountdown,
  deleteFailureMessage,
  IDLE,
} from './delete-countdown';

const run = (actions: DeleteAction['type'][], from: DeleteState = IDLE) =>
  actions.reduce((state, type) => deleteCountdown(state, { type } as DeleteAction), from);

describe('the delete countdown', () => {
  it('arms a 3-second countdown on the first press', () => {
    const armed = run(['press']);
    expect(armed).toEqual({ step: 'armed', remaining: 3 });
    expect(canConfirm(armed)).toBe(false);
    expect(deleteButtonLabel(armed)).toBe('Confirm in 3…');
  });

  it('ignores presses until the countdown reaches 0', () => {
    expect(run(['press', 'press', 'press'])).toEqual({ step: 'armed', remaining: 3 });
    expect(run(['press', 'tick', 'tick', 'press'])).toEqual({ step: 'armed', remaining: 1 });
  });

  it('can be confirmed only at 0, and stops there', () => {
    const ready = run(['press', 'tick', 'tick', 'tick', 'tick']);
    expect(ready).toEqual({ step: 'armed', remaining: 0 });
    expect(canConfirm(ready)).toBe(true);
    expect(deleteButtonLabel(ready)).toBe('Confirm delete');
    expect(run(['press'], ready)).toEqual({ step: 'deleting' });
    expect(deleteButtonLabel({ step: 'deleting' })).toBe('Deleting…');
  });

  it('starts again from the beginning after the delete settles, or on cancel', () => {
    expect(run(['press', 'tick', 'tick', 'tick', 'press', 'settled'])).toEqual(IDLE);
    expect(run(['press', 'tick', 'cancel'])).toEqual(IDLE);
    expect(deleteButtonLabel(IDLE)).toBe('Delete Your Account');
  });

  it('does not tick or cancel while idle or deleting', () => {
    expect(run(['tick', 'cancel'])).toEqual(IDLE);
    expect(run(['tick', 'cancel'], { step: 'deleting' })).toEqual({ step: 'deleting' });
  });
});

describe('delete failure messages', () => {
  it('shows the server’s own words when it gave some', () => {
    expect(deleteFailureMessage(401, 'Session expired. Please log in again.')).toBe(
      'Session expired. Please log in again.',
    );
  });

  it('calls no answer, or a silent server fault, a server error', () => {
    expect(deleteFailureMessage(0, DELETE_FAILED)).toBe(DELETE_SERVER_ERROR);
    expect(deleteFailureMessage(502, DELETE_FAILED)).toBe(DELETE_SERVER_ERROR);
  });

  it('calls anything else a plain failure', () => {
    expect(deleteFailureMessage(400, DELETE_FAILED)).toBe(DELETE_FAILED);
    expect(deleteFailureMessage(400, '')).toBe(DELETE_FAILED);
  });
});
