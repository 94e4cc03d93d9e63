import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Font } from '../../events/card/content';
import { fontFaceCss, regularFontFile } from '../fonts';

type Props = {
  title: string;
  description: string;
  font: Font;
  /** Page CSS; joined with the @font-face rules into the document's only <style>. */
  css: string;
  /** Status pages are not worth indexing; a card that later goes live must not be remembered as 'not live'. */
  noindex?: boolean;
  themeColor?: string;
  colorScheme?: 'light' | 'dark';
  /** Extra <head> elements (canonical, Open Graph). */
  head?: ReactNode;
  children: ReactNode;
};

/**
 * A whole HTML document with no script at all: the page must work on one bar of signal under a CSP of
 * `script-src 'none'`. Only the regular font weight is preloaded; bold can arrive later.
 */
export function Document({
  title,
  description,
  font,
  css,
  noindex,
  themeColor,
  colorScheme,
  head,
  children,
}: Props) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {noindex && <meta name="robots" content="noindex" />}
        {themeColor && <meta name="theme-color" content={themeColor} />}
        {colorScheme && <meta name="color-scheme" content={colorScheme} />}
        <link
          rel="preload"
          as="font"
          type="font/woff2"
          href={regularFontFile(font).url}
          crossOrigin="anonymous"
        />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {head}
        <style>{fontFaceCss(font) + css}</style>
      </head>
      <body>{children}</body>
    </html>
  );
}

export const renderDocument = (document: ReactElement) => `<!doctype html>${renderToStaticMarkup(document)}`;
