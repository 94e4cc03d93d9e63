import type { CardContent } from '../../events/card/content';
import { hasText } from '../../events/card/display';
import { shownContent } from '../../events/card/shown';
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
export function profileTitle(published: CardContent, username: string) {
  const content = shownContent(published);
  const name = oneLine(displayName(content, username));
  return hasText(content.job_title) ? `${name} – ${oneLine(content.job_title)}` : name;
}

export function profileDescription(published: CardContent, username: string, siteName: string) {
  const content = shownContent(published);
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

export type PreviewImage = { url: string; width: number; height: number; type: string; alt: string };

/**
 * The picture a shared link shows: the page's own preview image beside it (renderer/og-image/), absolute as crawlers
 * need, with the hash of what it shows as its version, so a site that keeps pictures by address shows a changed
 * card's new one.
 */
export function previewImage(
  content: CardContent,
  username: string,
  pageUrl: string,
  /** ogImageHash of the card, when the caller has it already (render-account.ts records it). */
  hash = ogImageHash(ogImageInputs(content, username)),
): PreviewImage {
  const image = besidePage(pageUrl, OG_IMAGE_FILE);
  image.search = `v=${hash}`;
  return {
    url: image.href,
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    type: 'image/jpeg',
    alt: profileTitle(content, username),
  };
}
