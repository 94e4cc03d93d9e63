import type { Context } from 'hono';
import type { z } from 'zod';
import { invalid } from './errors';

/** Reads a JSON body and checks it with zod; the first problem becomes the error message, in the schema's words. */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
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
