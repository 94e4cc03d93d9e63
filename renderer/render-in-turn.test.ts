import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../platform/database/db';
import type { RenderTarget } from './render-account';

type Pending = { accountId: string; finish: () => void; fail: (error: Error) => void };
const pending: Pending[] = [];
vi.mock('./render-account', () => ({
  renderAccount: (_db: Db, accountId: string) =>
    new Promise((resolve, reject) =>
      pending.push({ accountId, finish: () => resolve('live'), fail: reject }),
    ),
}));
const { renderAccountInTurn } = await import('./render-in-turn');

const db = {} as Db;
const target = {} as RenderTarget;
const settle = () => new Promise((resolve) => setImmediate(resolve));
const under = () => pending.map((render) => render.accountId);

beforeEach(() => {
  pending.length = 0;
});

describe('renders of one account in turn', () => {
  it('starts a render of an account once the one under way has finished; another account’s at once', async () => {
    const first = renderAccountInTurn(db, 'dana', target);
    const second = renderAccountInTurn(db, 'dana', target);
    const other = renderAccountInTurn(db, 'erin', target);
    await settle();
    expect(under()).toEqual(['dana', 'erin']);
    pending.shift()?.finish();
    await first;
    await settle();
    expect(under()).toEqual(['erin', 'dana']);
    for (const render of pending.splice(0)) render.finish();
    expect(await second).toBe('live');
    expect(await other).toBe('live');
  });

  it('goes on after a render that failed, which its own caller sees', async () => {
    const failing = renderAccountInTurn(db, 'fay', target);
    const next = renderAccountInTurn(db, 'fay', target);
    await settle();
    expect(under()).toEqual(['fay']);
    pending.shift()?.fail(new Error('disk full'));
    await expect(failing).rejects.toThrow('disk full');
    await settle();
    expect(under()).toEqual(['fay']);
    pending.shift()?.finish();
    expect(await next).toBe('live');
  });
});
