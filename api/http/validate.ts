import type { Context } from 'hono';
import type { z } from 'zod';
import { invalid } from './errors';

/** Reads a JSON body and checks it with zod; the first problem becomes the error message, in the schema's words. */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  // Only a script of the page's own origin can send JSON as such: an HTML form of another site can post a JSON-looking
  // body only as text/plain (a login CSRF), and a cross-origin fetch with application/json needs CORS, which we never
  // grant.
  if (!isJsonType(c.req.header('content-type'))) throw invalid(NOT_JSON);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw invalid('Request body must be valid JSON.');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid request.');
  return parsed.data;
}

export const NOT_JSON = 'Send the request body as JSON (Content-Type: application/json).';
const isJsonType = (type: string | undefined) =>
  type !== undefined && /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type.trim());

/** As readJson, for calls whose body may be left out entirely (SPEC §7: "{returnUrl}, or {}"). */
export async function readOptionalJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const text = await c.req.text();
  if (text.trim() === '') {
    const parsed = schema.safeParse({});
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? 'Invalid request.');
    return parsed.data;
  }
  return readJson(c, schema);
}
