import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { workerCalls } from './worker-calls';

// A worker that says hello first (no id), then answers each call with its id doubled, and exits when told.
const ECHO = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage({ type: 'hello' });
parentPort.on('message', (m) => m === 'exit' ? process.exit(0) : parentPort.postMessage({ id: m.id, doubled: m.id * 2 }));
`;

let worker: Worker;
afterEach(async () => {
  await worker.terminate();
});

describe('calls to a worker answered by id', () => {
  it('settles each call with the answer of its own id, whatever the order they are sent in', async () => {
    worker = new Worker(ECHO, { eval: true });
    const calls = workerCalls<{ id: number; doubled: number }>(worker, () => new Error('gone'));
    const first = calls.open();
    const second = calls.open();
    worker.postMessage({ id: second.id });
    worker.postMessage({ id: first.id });
    expect(await first.reply).toEqual({ id: first.id, doubled: first.id * 2 });
    expect(await second.reply).toEqual({ id: second.id, doubled: second.id * 2 });
    expect(calls.stopped).toBeNull();
  });

  it('fails the calls waiting when the worker exits, and every call after', async () => {
    worker = new Worker(ECHO, { eval: true });
    const calls = workerCalls<{ id: number }>(worker, () => new Error('The worker stopped.'));
    const waiting = calls.open();
    worker.postMessage('exit');
    await expect(waiting.reply).rejects.toThrow('The worker stopped.');
    await expect(calls.open().reply).rejects.toThrow('The worker stopped.');
    expect(calls.stopped?.message).toBe('The worker stopped.');
  });
});
