import { type CardContent, cardContentSchema } from '../../../../events/card/content';

/** What GET my_card (and a successful publish) answers, as far as the editor needs it. */
export type SavedCard = {
  content: CardContent;
  isPublished: boolean;
  username: string;
};

type Media = { cover_photo?: unknown; avatar?: unknown; works?: unknown };

/**
 * The API sends images twice: as addresses for simple screens and in `media` as full references, which the
 * preview needs for its sizes. Content that doesn't parse is refused rather than guessed at, so a publish can
 * never overwrite a card with defaults by mistake.
 */
export function readSavedCard(data: Record<string, unknown>): SavedCard {
  const media = (typeof data.media === 'object' && data.media !== null ? data.media : {}) as Media;
  const content = cardContentSchema.parse({
    ...data,
    cover_photo: media.cover_photo ?? null,
    avatar: media.avatar ?? null,
    works: media.works ?? [],
  });
  const user = data.user as { username?: unknown } | undefined;
  const username = typeof data.username === 'string' ? data.username : user?.username;
  return {
    content,
    isPublished: data.isPublished === true,
    username: typeof username === 'string' ? username : '',
  };
}
