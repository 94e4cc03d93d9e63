import type { Card } from '../contract/card';
import { isAccountLive } from '../events/account/liveness';
import type { CardContent, ImageRef } from '../events/card/content';
import { defaultCardContent, mediaUrl } from '../events/card/content';
import { type UserRow, userJson } from './users';

const largest = (image: ImageRef) => mediaUrl(image.id, Math.max(...image.widths));

/**
 * The card as the spec's screens read it: content fields with images as addresses, plus where it lives. `media`
 * keeps the full image references (sizes, widths) for the editor's preview.
 */
export function cardJson(user: UserRow, content: CardContent | null, publicUrl: string): Card {
  const card = content ?? defaultCardContent();
  const pageUrl = `${publicUrl}/u/${user.username}`;
  return {
    ...card,
    cover_photo: card.cover_photo ? largest(card.cover_photo) : null,
    avatar: card.avatar ? largest(card.avatar) : null,
    works: card.works.map(largest),
    media: { cover_photo: card.cover_photo, avatar: card.avatar, works: card.works },
    username: user.username,
    isPublished: content !== null,
    isLive: isAccountLive(user),
    publicProfileUrl: pageUrl,
    qrCodeUrl: `${pageUrl}/qr.png`,
    isSubscribed: userJson(user).isSubscribed,
    trialExpires: user.trial_expires,
  };
}
