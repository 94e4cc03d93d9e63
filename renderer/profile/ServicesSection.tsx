import { hasText, visibleServices } from '../../events/card/display';
import { Collection } from './Collection';
import { Heading } from './Heading';
import type { DisplayCard } from './view-model';

type Props = { card: DisplayCard; level: number };

export function ServicesSection({ card, level }: Props) {
  return (
    <section className="tc-s" aria-labelledby="tc-services">
      <Heading level={level} id="tc-services">
        My Services
      </Heading>
      <Collection mode={card.services_display_mode} label="My Services">
        {visibleServices(card).map((service, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and may repeat; the list is redrawn whole
          <li key={`${index}-${service.name}`} className="tc-cd tc-row">
            <span>{service.name}</span>
            {hasText(service.price) && <span className="tc-pr">{service.price}</span>}
          </li>
        ))}
      </Collection>
    </section>
  );
}
