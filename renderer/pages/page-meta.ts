import type { CardContent, ImageRef } from '../../events/card/content';
import { mediaUrl } from '../../events/card/content';
import { hasText } from '../../events/card/display';
import {
  OG_IMAGE_FILE,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  ogImageHash,
  ogImageInputs,
} from '../og-image/inputs';
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

/**
 * A file in the page's folder: the page is reached as /u/<username> without the slash, where a bare `contact.vcf`
 * would resolve to /u/contact.vcf, so the folder is made explicit.
 */
export function besidePage(pageUrl: string, file: string): URL {
  const page = new URL(pageUrl);
  if (!page.pathname.endsWith('/')) page.pathname += '/';
  return new URL(file, page);
}

export type ShareImage = { url: string; width: number; height: number; alt: string; large: boolean };

/**
 * The card's own picture: the cover at its largest width, else the profile photo (the business's image in its
 * JSON-LD). Absolute, as crawlers need.
 */
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

export type PreviewImage = { url: string; width: number; height: number; type: string; alt: string };

/**
 * The picture a shared link shows: the page's own preview image beside it (renderer/og-image/), absolute as crawlers
 * need, with the hash of what it shows as its version, so a site that keeps pictures by address shows a changed
 * card's new one.
 */
export function previewImage(content: CardContent, username: string, pageUrl: string): PreviewImage {
  const image = besidePage(pageUrl, OG_IMAGE_FILE);
  image.search = `v=${ogImageHash(ogImageInputs(content, username))}`;
  return {
    url: image.href,
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    type: 'image/jpeg',
    alt: profileTitle(content, username),
  };
}
