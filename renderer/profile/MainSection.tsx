import { hasText } from '../../events/card/display';
import { Heading } from './Heading';
import { Picture } from './Picture';
import { QuoteLink } from './QuoteLink';
import type { DisplayCard } from './view-model';

/** `quote`: the quote form's address, while the owner takes quote requests. */
type Props = { card: DisplayCard; name: string; level: number; eager: boolean; quote?: string };

/** Cover photo, main heading and subheading: the card's banner. Without a main heading, the name stays for screen readers. */
export function MainSection({ card, name, level, eager, quote }: Props) {
  const heading = card.main_heading.trim();
  return (
    <>
      {card.cover_photo && (
        <Picture
          image={card.cover_photo}
          alt="Cover photo"
          sizes="(min-width:36rem) 36rem, 100vw"
          className="tc-cv"
          eager={eager}
        />
      )}
      <div>
        <Heading level={level} className={heading ? undefined : 'sr'}>
          {heading || name}
        </Heading>
        {hasText(card.sub_heading) && <p className="tc-mu">{card.sub_heading}</p>}
        <QuoteLink href={quote} />
      </div>
    </>
  );
}
