import { describe, expect, it } from 'vitest';
import { createLogger, logContext } from './log';

function memoryLogger() {
  const written: string[] = [];
  const logger = createLogger({ write: (line: string) => void written.push(line) }, 'debug');
  // biome-ignore lint/suspicious/noExplicitAny: tests read log fields freely; each assertion is the check
  const lines = () => written.map((line) => JSON.parse(line) as Record<string, any>);
  return { logger, written, lines };
}

const SECRETS = {
  password: 'Plumber2026',
  newPassword: 'Plumber2027',
  token: 'reset-token-abc',
  code: '123456',
  secret: 'app-secret',
  authorization: 'Bearer session-token',
  cookie: 'sid=1',
  'stripe-signature': 't=1,v1=abc',
  apiKey: 'sk_live_123',
  client_secret: 'pi_123_secret_456',
};
const CENSORED = Object.fromEntries(Object.keys(SECRETS).map((key) => [key, '[redacted]']));

describe('the logger', () => {
  it('writes one JSON object per line with an ISO time and the level by name', () => {
    const { logger, written, lines } = memoryLogger();
    logger.info({ port: 3000 }, 'started');
    expect(written).toHaveLength(1);
    expect(written[0]?.endsWith('\n')).toBe(true);
    expect(lines()[0]).toEqual({ level: 'info', time: expect.any(String), port: 3000, msg: 'started' });
    expect(new Date(lines()[0]?.time).toISOString()).toBe(lines()[0]?.time);
  });

  it('censors credentials, tokens and codes at the top level and two levels down', () => {
    const { logger, written, lines } = memoryLogger();
    logger.info({ ...SECRETS, body: { ...SECRETS }, req: { headers: { ...SECRETS }, id: 7 } }, 'request');
    expect(lines()[0]).toMatchObject({ ...CENSORED, body: CENSORED, req: { headers: CENSORED, id: 7 } });
    for (const value of Object.values(SECRETS)) expect(written[0]).not.toContain(value);
  });

  it("keeps an error's code (SQLITE_FULL), which is no secret, with its type, message and stack", () => {
    const { logger, lines } = memoryLogger();
    const error = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    logger.error({ err: error, attempt: { code: '654321' } }, 'Could not save');
    const [line] = lines();
    expect(line?.err).toMatchObject({
      type: 'Error',
      message: 'database or disk is full',
      code: 'SQLITE_FULL',
    });
    expect(line?.err.stack).toContain('log.test.ts');
    // A verification code in the same place an error code would be is still censored.
    expect(line?.attempt).toEqual({ code: '[redacted]' });
  });

  it("keeps PostgreSQL's SQLSTATE (53100 disk_full), five characters, and still censors six-digit codes", () => {
    const { logger, lines } = memoryLogger();
    const error = Object.assign(new Error('could not extend file'), { code: '53100' });
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    logger.error({ err: error, other: deadlock, attempt: { code: '123456' } }, 'Could not save');
    const [line] = lines();
    expect(line?.err).toMatchObject({ message: 'could not extend file', code: '53100' });
    expect(line?.other).toMatchObject({ code: '40P01' });
    expect(line?.attempt).toEqual({ code: '[redacted]' });
  });

  it('adds the request id to every line written inside a request context, however deep the call', async () => {
    const { logger, lines } = memoryLogger();
    const deep = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.warn('deep inside');
    };
    logger.info('before');
    await logContext.run({ reqId: 'req-1' }, async () => {
      logger.info('handling');
      await deep();
    });
    logger.info('after');
    expect(lines().map((line) => [line.msg, line.reqId])).toEqual([
      ['before', undefined],
      ['handling', 'req-1'],
      ['deep inside', 'req-1'],
      ['after', undefined],
    ]);
  });
});
