import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE, handleError, UNREACHABLE_MESSAGE } from './errors';

const answerTo = async (error: Error) => {
  const app = new Hono();
  app.onError(handleError);
  app.post('/save', () => {
    throw error;
  });
  const response = await app.request('/save', { method: 'POST' });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
};

describe('handleError', () => {
  it('answers a database that went away 503, with Retry-After and a sentence, never "Something went wrong"', async () => {
    const dropped = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(await answerTo(dropped)).toEqual({
      status: 503,
      retryAfter: '5',
      body: { error: UNREACHABLE_MESSAGE },
    });
    expect(await answerTo(new Error('Connection terminated unexpectedly'))).toMatchObject({ status: 503 });
  });

  it('answers a full disk 503 and anything unknown 500, without its details', async () => {
    expect(await answerTo(Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' }))).toEqual({
      status: 503,
      retryAfter: '60',
      body: { error: DISK_FULL_MESSAGE },
    });
    expect(await answerTo(new Error('secret detail'))).toEqual({
      status: 500,
      retryAfter: null,
      body: { error: 'Something went wrong' },
    });
  });
});
