import { hasText } from '../../events/card/display';
import { Heading } from './Heading';
import { Picture } from './Picture';
import type { DisplayCard } from './view-model';

type Props = { card: DisplayCard; level: number; eager: boolean };

export function AboutSection({ card, level, eager }: Props) {
  const fullName = card.full_name.trim();
  const stacked = card.about_me_layout === 'stacked';
  return (
    <section className="tc-s" aria-labelledby="tc-about">
      <div className={stacked ? 'tc-ab tc-st' : 'tc-ab'}>
        {card.avatar && (
          <Picture
            image={card.avatar}
            alt={fullName || 'Profile photo'}
            sizes="6rem"
            className="tc-av"
            eager={eager}
          />
        )}
        <div>
          <Heading level={level} id="tc-about" className={fullName ? undefined : 'sr'}>
            {fullName || 'About me'}
          </Heading>
          {hasText(card.job_title) && <p className="tc-mu">{card.job_title}</p>}
          {hasText(card.business_card_name) && <p className="tc-mu">{card.business_card_name.trim()}</p>}
        </div>
      </div>
      {hasText(card.bio) && <p className="tc-bio">{card.bio.trim()}</p>}
    </section>
  );
}
