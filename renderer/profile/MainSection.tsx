import { hasText } from '../../events/card/display';
import { Heading } from './Heading';
import { Picture } from './Picture';
import type { DisplayCard } from './view-model';

type Props = { card: DisplayCard; name: string; level: number; eager: boolean };

/** Cover photo, main heading and subheading: the card's banner. Without a main heading, the name stays for screen readers. */
export function MainSection({ card, name, level, eager }: Props) {
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
      </div>
    </>
  );
}
