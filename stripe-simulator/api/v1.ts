import { type Context, Hono } from 'hono';
import type { SimulatorDb } from '../db';
import { StripeApiError } from '../errors';
import { type FormObject, parseForm } from '../form';

export type V1Env = { Variables: { params: FormObject } };

const unauthorised = (message: string) => new StripeApiError(401, 'invalid_request_error', message);

/** Any test-mode secret key is accepted, as every key of one test account would be. */
export function checkKey(header: string | undefined) {
  if (!header) {
    throw unauthorised(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  const key = /^Bearer (\S+)$/.exec(header)?.[1] ?? '';
  if (!key.startsWith('sk_test_')) {
    throw unauthorised(
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 8))}`,
    );
  }
}

const readParams = async (c: Context) => {
  const query = new URL(c.req.url).search.slice(1);
  const body = c.req.method === 'GET' ? '' : await c.req.text();
  try {
    return { body, params: { ...parseForm(query), ...parseForm(body) } };
  } catch (error) {
    throw new StripeApiError(400, 'invalid_request_error', (error as Error).message);
  }
};

/**
 * Stripe's API conventions around every /v1 route: Bearer key, form-encoded parameters (query and body),
 * `Idempotency-Key` (the same key with the same request answers the first reply again; with another request, 400),
 * and errors in Stripe's shape.
 */
export function v1App(db: SimulatorDb) {
  const app = new Hono<V1Env>();
  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json(error.body, error.status);
    return c.json(new StripeApiError(500, 'api_error', 'An unexpected error occurred.').body, 500);
  });

  app.use(async (c, next) => {
    c.header('Request-Id', `req_${crypto.randomUUID().replaceAll('-', '').slice(0, 14)}`);
    checkKey(c.req.header('Authorization'));
    const { body, params } = await readParams(c);
    c.set('params', params);
    const key = c.req.header('Idempotency-Key');
    if (!key || c.req.method === 'GET') return next();

    const fingerprint = `${c.req.method} ${c.req.path} ${body}`;
    const earlier = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    if (earlier && earlier.fingerprint !== fingerprint) {
      throw new StripeApiError(
        400,
        'idempotency_error',
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (earlier) {
      c.header('Idempotent-Replayed', 'true');
      return c.body(earlier.body, earlier.status as 200, { 'Content-Type': 'application/json' });
    }
    await next();
    // Server errors are not remembered, so a retry can still succeed; anything else is the answer for good.
    if (c.res.status < 500) {
      const reply = await c.res.clone().text();
      await db
        .insertInto('idempotency_keys')
        .values({ key, fingerprint, status: c.res.status, body: reply })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    }
  });
  return app;
}

/** Stripe's answer to a path it has no route for. */
export const unrecognised = (c: Context) => {
  throw new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${c.req.method}: ${c.req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
};

/** Stripe's list envelope. */
export const listOf = <T>(url: string, page: { data: T[]; hasMore: boolean }) => ({
  object: 'list' as const,
  url,
  has_more: page.hasMore,
  data: page.data,
});

/** `limit` as Stripe reads it: 10 unless given, at most 100. */
export const limitOf = (raw: string | null): number => {
  const limit = raw === null ? 10 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid integer: limit must be from 1 to 100.');
  }
  return limit;
};

/** A Stripe object as the reply; plain JSON, since Hono's typed c.json cannot walk the SDK's deep types. */
export const reply = (c: Context, object: unknown) =>
  c.body(JSON.stringify(object), 200, { 'Content-Type': 'application/json' });
