/** Test helpers for the page's one JSON-LD data block (renderer/pages/local-business.ts). */

// The block holds no `<` at all (jsonLdText escapes each), so `[^<]*` reads exactly its text.
const JSON_LD_BLOCK = /<script type="application\/ld\+json">([^<]*)<\/script>/g;

/** The page's structured data, parsed; throws unless there is exactly one block. */
export function jsonLdOf(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(JSON_LD_BLOCK)];
  if (blocks.length !== 1) throw new Error(`expected one JSON-LD block, found ${blocks.length}`);
  return JSON.parse(blocks[0]?.[1] ?? '');
}

/** The page with its JSON-LD block taken out, so the rest can be held to "no script at all". */
export const withoutJsonLd = (html: string) => html.replace(JSON_LD_BLOCK, '');
