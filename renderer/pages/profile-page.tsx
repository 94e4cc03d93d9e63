import type { CardContent } from '../../events/card/content';
import { ProfileCard } from '../profile/ProfileCard';
import { profileCss } from '../profile/styles';
import { telHref } from '../profile/tel-href';
import { backgroundColour, buttonColour } from '../profile/theme';
import { toDisplayCard } from '../profile/view-model';
import { Document, renderDocument } from './Document';
import { jsonLdText, localBusiness } from './local-business';
import { profileDescription, profileTitle, shareImage } from './page-meta';
import { ShareMeta } from './ShareMeta';

export type ProfilePageInput = {
  content: CardContent;
  username: string;
  /** Absolute address of the page itself, e.g. `https://example.com/u/dave/`; used for canonical and og:url. */
  pageUrl: string;
  siteName: string;
  /** Offer "Add to Apple Wallet" (card.pkpass beside the page): only when the server can sign passes. */
  walletEnabled?: boolean;
};

/**
 * contact.vcf and card.pkpass sit beside index.html in /u/<username>/. A bare `contact.vcf` would resolve to
 * /u/contact.vcf if the page were reached as /u/<username> without the slash, so a link carries the page's own path.
 */
function besidePage(pageUrl: string, file: string): string {
  const page = new URL(pageUrl);
  if (!page.pathname.endsWith('/')) page.pathname += '/';
  return new URL(file, page).pathname;
}

export const saveContactHref = (pageUrl: string) => besidePage(pageUrl, 'contact.vcf');
export const walletPassHref = (pageUrl: string) => besidePage(pageUrl, 'card.pkpass');

/** The live page at /u/<username>/: the profile card and its sharing metadata, no script. */
export function renderProfilePage({
  content,
  username,
  pageUrl,
  siteName,
  walletEnabled = false,
}: ProfilePageInput): string {
  const card = toDisplayCard(content);
  const title = profileTitle(content, username);
  const description = profileDescription(content, username, siteName);
  // The page background reaches past the card when a phone overscrolls.
  const css = `body{margin:0;background:${backgroundColour(card.page_theme)}}${profileCss}`;
  const image = shareImage(content, pageUrl);
  const structuredData = jsonLdText(localBusiness({ content, username, pageUrl, image }));
  return renderDocument(
    <Document
      title={title}
      description={description}
      font={card.style}
      css={css}
      themeColor={buttonColour(card.button_bg_color)}
      colorScheme={card.page_theme === 'dark' ? 'dark' : 'light'}
      head={
        <>
          <ShareMeta
            title={title}
            description={description}
            url={pageUrl}
            siteName={siteName}
            image={image}
          />
          {/* A data block, not a script: browsers don't run it, and the page's CSP runs no script anyway. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React would escape the JSON's quotes into &quot;, which a data block doesn't decode; jsonLdText escapes every < so nothing can close the block. */}
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: structuredData }} />
        </>
      }
    >
      <ProfileCard
        card={card}
        username={username}
        saveContactHref={saveContactHref(pageUrl)}
        walletHref={walletEnabled ? walletPassHref(pageUrl) : undefined}
        variant="page"
        telHref={telHref}
      />
    </Document>,
  );
}
