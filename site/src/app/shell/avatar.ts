export type Avatar = { src: string; srcSet?: string };

/** `/media/<id>-<width>.webp` (events/card/content.ts mediaUrl), the largest width in the address. */
const MEDIA_ADDRESS = /^(\/media\/[a-f0-9]+-)\d+(\.webp)$/;

/**
 * The header's 56 px photo from the saved card: `avatar` is the largest file's address, and `media.avatar` lists
 * every stored width, so the browser can take a small one instead of the 600 px file (issue 12). The address is
 * rewritten rather than built with mediaUrl: importing the card's schemas here would build them before the page
 * has told zod not to use eval (lib/zod-without-eval.ts), which the CSP refuses.
 */
export function headerAvatar(card: Record<string, unknown> | undefined): Avatar | null {
  if (typeof card?.avatar !== 'string') return null;
  const widths = (card.media as { avatar?: { widths?: unknown } } | undefined)?.avatar?.widths;
  const address = MEDIA_ADDRESS.exec(card.avatar);
  if (!address || !Array.isArray(widths) || !widths.every((w) => Number.isInteger(w) && w > 0))
    return { src: card.avatar };
  const srcSet = [...(widths as number[])]
    .sort((a, b) => a - b)
    .map((width) => `${address[1]}${width}${address[2]} ${width}w`)
    .join(', ');
  return { src: card.avatar, srcSet };
}
