import type { CardContent, ImageRef } from '../../events/card/content';
import { mediaUrl } from '../../events/card/content';
import { hasText } from '../../events/card/display';
import { displayName } from '../profile/view-model';

const DESCRIPTION_LENGTH = 160;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function clip(text: string, length: number) {
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(' '));
  return `${(atWord.length > length / 2 ? atWord : cut).trimEnd()}…`;
}

/** 'Smith Plumbing – Plumber': who, then what they do, as a search result or a shared link shows it. */
export function profileTitle(content: CardContent, username: string) {
  const name = oneLine(displayName(content, username));
  return hasText(content.job_title) ? `${name} – ${oneLine(content.job_title)}` : name;
}

export function profileDescription(content: CardContent, username: string, siteName: string) {
  const text = [content.sub_heading, content.bio].find(hasText);
  return text
    ? clip(oneLine(text), DESCRIPTION_LENGTH)
    : `${oneLine(displayName(content, username))} on ${siteName}`;
}

export type ShareImage = { url: string; width: number; height: number; alt: string; large: boolean };

/** The picture a shared link shows: the cover at its largest width, else the profile photo. Absolute, as crawlers need. */
export function shareImage(content: CardContent, pageUrl: string): ShareImage | undefined {
  const pick = (ref: ImageRef, alt: string, large: boolean): ShareImage => {
    const width = Math.max(...ref.widths);
    return {
      url: new URL(mediaUrl(ref.id, width), pageUrl).href,
      width,
      height: Math.round((ref.height * width) / ref.width),
      alt,
      large,
    };
  };
  if (content.cover_photo) return pick(content.cover_photo, 'Cover photo', true);
  if (content.avatar) return pick(content.avatar, oneLine(content.full_name) || 'Profile photo', false);
  return undefined;
}
