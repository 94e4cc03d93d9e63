import type { MyCardAnswer } from '../../../../contract/card';

export type Avatar = { src: string; srcSet?: string };

/** `/media/<id>-<width>.webp` (events/card/content.ts mediaUrl), the largest width in the address. */
const MEDIA_ADDRESS = /^(\/media\/[a-f0-9]+-)\d+(\.webp)$/;

/**
 * The header's 56 px photo from the saved card: `avatar` is the largest file's address, and `media.avatar` lists
 * every stored width, so the browser can take a small one instead of the 600 px file (issue 12). The address is
 * rewritten rather than built with mediaUrl: importing the card's schemas here would build them before the page
 * has told zod not to use eval (lib/zod-without-eval.ts), which the CSP refuses.
 */
export function headerAvatar(
  card: Pick<MyCardAnswer['data'], 'avatar' | 'media'> | undefined,
): Avatar | null {
  if (!card?.avatar) return null;
  const address = MEDIA_ADDRESS.exec(card.avatar);
  const widths = card.media.avatar?.widths ?? [];
  if (!address || widths.length === 0) return { src: card.avatar };
  const srcSet = [...widths]
    .sort((a, b) => a - b)
    .map((width) => `${address[1]}${width}${address[2]} ${width}w`)
    .join(', ');
  return { src: card.avatar, srcSet };
}
