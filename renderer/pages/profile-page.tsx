import type { CardContent } from '../../events/card/content';
import type { VerifiedReviews } from '../../events/review/verified';
import { type FirmLink, ProfileCard } from '../profile/ProfileCard';
import { pagePath } from '../profile/QuoteLink';
import { profileCss } from '../profile/styles';
import { telHref } from '../profile/tel-href';
import { backgroundColour, buttonColour } from '../profile/theme';
import { toDisplayCard } from '../profile/view-model';
import { Document, renderDocument } from './Document';
import { jsonLdText, localBusiness } from './local-business';
import { besidePage, previewImage, profileDescription, profileTitle } from './page-meta';
import { ShareMeta } from './ShareMeta';

export type ProfilePageInput = {
  content: CardContent;
  username: string;
  /** Absolute address of the page itself, e.g. `https://example.com/u/dave/`; used for canonical and og:url. */
  pageUrl: string;
  siteName: string;
  /** Offer "Add to Apple Wallet" (card.pkpass beside the page): only when the server can sign passes. */
  walletEnabled?: boolean;
  /** The preview image's hash, when the caller has worked it out already. */
  ogImage?: string;
  /** Reviews the owner's customers left through review links (issue 30). */
  verified?: VerifiedReviews | null;
  /** The firm the owner is in (issue 32): named at the foot, with its logo, linking to its page. */
  firm?: FirmLink | null;
};

/** contact.vcf and card.pkpass sit beside index.html in /u/<username>/; a link carries the page's own path. */
export const saveContactHref = (pageUrl: string) => besidePage(pageUrl, 'contact.vcf').pathname;
export const walletPassHref = (pageUrl: string) => besidePage(pageUrl, 'card.pkpass').pathname;

/** The live page at /u/<username>/: the profile card and its sharing metadata, no script. */
export function renderProfilePage({
  content,
  username,
  pageUrl,
  siteName,
  walletEnabled = false,
  ogImage,
  verified,
  firm,
}: ProfilePageInput): string {
  const card = toDisplayCard(content);
  const title = profileTitle(content, username);
  const description = profileDescription(content, username, siteName);
  // The page background reaches past the card when a phone overscrolls.
  const css = `body{margin:0;background:${backgroundColour(card.page_theme)}}${profileCss}`;
  const structuredData = jsonLdText(localBusiness({ content, username, pageUrl }));
  // The page's own path, whichever host serves it: on the owner's domain it is the root (issue 31), but the same
  // file is served at /q/ and /c/ on the service host too, where only /u/<username>/… finds its files.
  const servicePath = new URL(pagePath(username), pageUrl).href;
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
            image={previewImage(content, username, pageUrl, ogImage)}
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
        saveContactHref={saveContactHref(servicePath)}
        walletHref={walletEnabled ? walletPassHref(servicePath) : undefined}
        variant="page"
        telHref={telHref}
        verified={verified}
        firm={firm}
      />
    </Document>,
  );
}
