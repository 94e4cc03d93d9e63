const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data or an attribute value: sitemaps, SVG and Pango markup. */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char] as string);
