import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST_AUTH_KEY, storePostAuthAction, takePostAuthAction } from './post-auth';

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('takePostAuthAction', () => {
  it('runs a stored action once', () => {
    storePostAuthAction({ type: 'buy_card', payload: { quantity: 2 } });
    expect(takePostAuthAction()).toEqual({ type: 'buy_card', payload: { quantity: 2 } });
    expect(takePostAuthAction()).toBeNull();
  });

  it('takes the plan a plain form asked for in the address, as a tap before the page’s script ran sends it', () => {
    expect(takePostAuthAction('?then=subscribe')).toEqual({ type: 'subscribe' });
    expect(takePostAuthAction('?then=anything-else')).toBeNull();
    // What the address asks for is the latest wish: an older stored action is dropped, not run later.
    storePostAuthAction({ type: 'buy_card', payload: { quantity: 5 } });
    expect(takePostAuthAction('?from=%2Fmyorders&then=subscribe')).toEqual({ type: 'subscribe' });
    expect(localStorage.getItem(POST_AUTH_KEY)).toBeNull();
  });
});
