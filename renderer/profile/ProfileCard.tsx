import type { SectionKey } from '../../events/card/content';
import { canSaveContact } from '../../events/card/display';
import type { VerifiedReviews } from '../../events/review/verified';
import { AboutSection } from './AboutSection';
import { AddToWallet } from './AddToWallet';
import { ContactSection } from './ContactSection';
import { Heading } from './Heading';
import { MainSection } from './MainSection';
import { Picture } from './Picture';
import { phoneLinks } from './phone-links';
import { pingPath } from './ping';
import { quotePath } from './QuoteLink';
import { ReviewsSection } from './ReviewsSection';
import { SaveContact } from './SaveContact';
import { ServicesSection } from './ServicesSection';
import { TopOfPage } from './TopOfPage';
import type { TelHref } from './tel-href';
import { themeVars } from './theme';
import { type DisplayCard, displayName, type ImageSource, profileSections } from './view-model';
import { WorkSection } from './WorkSection';

export type ProfileCardProps = {
  card: DisplayCard;
  username: string;
  /** Where 'Save My Number' points: `contact.vcf` on the live page. */
  saveContactHref: string;
  /** Where 'Add to Apple Wallet' points (`card.pkpass`); absent when passes are not offered, and in the preview. */
  walletHref?: string;
  /**
   * `page` is the published document (it owns <main>, and its buttons report clicks: ping.ts); `preview` sits inside
   * the editor's page, where the clicks are the owner's own.
   */
  variant: 'page' | 'preview';
  /** How a phone number becomes a link (tel-href.ts), passed in so the editor can load it after it has drawn. */
  telHref: TelHref;
  /** The page's verified customer reviews (issue 30): the published page's only. */
  verified?: VerifiedReviews | null;
  /** The firm the owner is in (issue 32): the published page's foot names it, with its logo. */
  firm?: FirmLink | null;
};

export type FirmLink = { name: string; url: string; logo: ImageSource | null };

/**
 * The sections to draw: the card's own, and Reviews where the owner placed it when customers have reviewed the
 * owner though the owner typed no review (unless the owner hides the section).
 */
function withVerifiedReviews(
  card: DisplayCard,
  sections: SectionKey[],
  verified: VerifiedReviews | null | undefined,
) {
  if (!verified || sections.includes('reviews') || card.show_reviews_section === false) return sections;
  return card.section_order.filter((section) => section === 'reviews' || sections.includes(section));
}

/** The first image in reading order is the one worth fetching at once; which it is depends on the sections shown. */
function firstImageSection(card: DisplayCard, sections: SectionKey[], works: unknown[]) {
  return sections.find(
    (section) =>
      (section === 'main' && card.cover_photo) ||
      (section === 'about' && card.avatar) ||
      (section === 'work' && works.length),
  );
}

/** One business card, drawn by the same code for the published page and the editor's live preview. */
export function ProfileCard({
  card: published,
  username,
  saveContactHref,
  walletHref,
  variant,
  telHref,
  verified,
  firm,
}: ProfileCardProps) {
  // Everything below draws from what the page may show, never from the card as given (issue 28).
  const shown = profileSections(published);
  const { card } = shown;
  const sections = withVerifiedReviews(published, shown.sections, verified);
  const { works } = card;
  const top = variant === 'page' ? 1 : 2;
  const name = displayName(card, username);
  const eager = firstImageSection(card, sections, works);
  const inHeader = sections[0] === 'main';
  const Main = variant === 'page' ? 'main' : 'div';
  const ping = variant === 'page' ? pingPath(username) : undefined;
  const phone = phoneLinks(card, telHref);
  const owner = card.full_name.trim() || name;

  const render = (section: SectionKey) => {
    switch (section) {
      // Only reached if an unnormalised order puts Main later; the page's top heading is then in <header>.
      case 'main':
        return (
          <section key="main" className="tc-hd">
            <MainSection card={card} name={name} level={top + 1} eager={eager === 'main'} />
          </section>
        );
      case 'about':
        return <AboutSection key="about" card={card} level={top + 1} eager={eager === 'about'} />;
      case 'work':
        return (
          <WorkSection
            key="work"
            works={works}
            mode={card.work_display_mode}
            level={top + 1}
            eager={eager === 'work'}
          />
        );
      case 'services':
        return <ServicesSection key="services" card={card} level={top + 1} />;
      case 'reviews':
        return <ReviewsSection key="reviews" card={card} level={top + 1} verified={verified} owner={owner} />;
      case 'contact':
        return <ContactSection key="contact" card={card} level={top + 1} phone={phone} ping={ping} />;
    }
  };

  return (
    <div className={variant === 'page' ? 'tc tc-pg' : 'tc tc-pv'} style={themeVars(card)}>
      <header className="tc-hd">
        {inHeader ? (
          <MainSection card={card} name={name} level={top} eager={eager === 'main'} />
        ) : (
          <Heading level={top} className="sr">
            {name}
          </Heading>
        )}
      </header>
      <Main>
        {/* First in <main>, not in <header>: Save My Number sticks to the foot of the screen only while <main> is on
            it, and a header this tall pushed <main> below the first screen. */}
        <TopOfPage
          card={card}
          phone={phone}
          owner={owner}
          ping={ping}
          quoteHref={card.quotes_enabled ? quotePath(username) : undefined}
        />
        {(inHeader ? sections.slice(1) : sections).map(render)}
        {walletHref && <AddToWallet href={walletHref} />}
        {canSaveContact(card) && <SaveContact href={saveContactHref} />}
      </Main>
      <footer className="tc-ft tc-mu">
        {firm && (
          <a className="tc-fm" href={firm.url}>
            {firm.logo && <Picture image={firm.logo} alt="" sizes="96px" />}
            <span>Part of {firm.name}</span>
          </a>
        )}
        @{username}
      </footer>
    </div>
  );
}
