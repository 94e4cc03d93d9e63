/**
 * Squeezes a single-line field (a name, an email address) onto one line, so a crafted value
 * cannot start new paragraphs in the plain-text part or fake extra lines in a subject.
 */
export function oneLine(value: string, maxLength = 200): string {
  const squeezed = value.replace(/\s+/g, ' ').trim();
  return squeezed.length > maxLength ? `${squeezed.slice(0, maxLength - 1)}…` : squeezed;
}

/** Prefixes every line with "> " so quoted user text is visibly not ours in the plain-text part. */
export function quoteLines(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

export function greeting(name: string): string {
  const shortName = oneLine(name, 80);
  return shortName ? `Hi ${shortName},` : 'Hi there,';
}

export const SIGN_OFF_TEXT = 'Thanks,\nThe TradeCard team';
