import type { Card } from '../../contract/card';
import { isAccountLive } from '../../events/account/liveness';
import type { CardContent, ImageRef } from '../../events/card/content';
import { defaultCardContent, largestMediaUrl } from '../../events/card/content';
import { pageAddress } from '../../renderer/render-account';
import { type UserRow, userJson } from '../accounts/users';

/**
 * The content with each image named by `name` (its address on the site, its file in the export), and `media`
 * keeping the full image references (sizes, widths).
 */
export function withImagesNamed(card: CardContent, name: (image: ImageRef) => string) {
  return {
    ...card,
    cover_photo: card.cover_photo ? name(card.cover_photo) : null,
    avatar: card.avatar ? name(card.avatar) : null,
    works: card.works.map(name),
    media: { cover_photo: card.cover_photo, avatar: card.avatar, works: card.works },
  };
}

/**
 * The card as the spec's screens read it: content fields with images as addresses, plus where it lives. `media`
 * is for the editor's preview.
 */
export function cardJson(user: UserRow, content: CardContent | null, publicUrl: string): Card {
  const pageUrl = pageAddress(publicUrl, user.username);
  return {
    ...withImagesNamed(content ?? defaultCardContent(), largestMediaUrl),
    username: user.username,
    isPublished: content !== null,
    isLive: isAccountLive(user),
    publicProfileUrl: pageUrl,
    qrCodeUrl: `${pageUrl}/qr.png`,
    isSubscribed: userJson(user).isSubscribed,
    trialExpires: user.trial_expires,
  };
}
