import { isbot } from 'isbot';

/** isbot's list is a few hundred patterns; a page is opened by the same few hundred agents again and again. */
const MEMO_LIMIT = 5000;
const memo = new Map<string, boolean>();

/**
 * Known crawlers, link previewers (WhatsApp, iMessage, Slack…), monitors and HTTP libraries, by isbot's maintained
 * list. An empty user agent is no browser either.
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  const known = memo.get(userAgent);
  if (known !== undefined) return known;
  const bot = isbot(userAgent);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(userAgent, bot);
  return bot;
}
