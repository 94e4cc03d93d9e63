import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CardContent } from '../../../events/card/content';
import { ProfileCard, type ProfileCardProps } from '../../../renderer/profile/ProfileCard';
import { telHref } from '../../../renderer/profile/tel-href';
import { type DisplayCard, toDisplayCard } from '../../../renderer/profile/view-model';
import { fullCard } from './card';

/** Test helpers: a realistic DisplayCard and the markup ProfileCard draws for it. */

export const displayCard = (
  overrides: Partial<DisplayCard> = {},
  content: Partial<CardContent> = {},
): DisplayCard => ({
  ...toDisplayCard(fullCard(content)),
  ...overrides,
});

export const renderCard = (card: DisplayCard, props: Partial<Omit<ProfileCardProps, 'card'>> = {}) =>
  renderToStaticMarkup(
    createElement(ProfileCard, {
      card,
      username: 'dave',
      saveContactHref: 'contact.vcf',
      variant: 'page',
      telHref,
      ...props,
    }),
  );

/** Section ids in document order (the header holds Main). */
export const sectionOrder = (html: string) =>
  [...html.matchAll(/<header|id="tc-(about|work|services|reviews|contact)"/g)].map(
    (match) => match[1] ?? 'main',
  );

export const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;

export const imgTags = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
