import { hasText, SOCIAL_LINKS } from '../../events/card/display';
import { Heading } from './Heading';
import { externalHref, mailtoHref } from './safe-href';
import type { TelHref } from './tel-href';
import type { DisplayCard } from './view-model';

type Props = { card: DisplayCard; level: number; telHref: TelHref };

export function ContactSection({ card, level, telHref }: Props) {
  const email = card.contact_email.trim();
  const phone = card.phone_number.trim();
  const emailHref = hasText(email) ? mailtoHref(email) : undefined;
  const phoneHref = hasText(phone) ? telHref(phone) : undefined;
  const socials = SOCIAL_LINKS.flatMap(({ field, label }) => {
    const href = hasText(card[field]) ? externalHref(card[field]) : undefined;
    return href ? [{ label, href }] : [];
  });
  return (
    <section className="tc-s" aria-labelledby="tc-contact">
      <Heading level={level} id="tc-contact">
        Contact
      </Heading>
      <ul className="tc-ct">
        {phoneHref && (
          <li>
            <a href={phoneHref}>
              <b>Call</b>
              <span>{phone}</span>
            </a>
          </li>
        )}
        {hasText(phone) && !phoneHref && (
          // An older card may hold a number no dialler can use: show it to be read rather than hide it.
          <li>
            <span className="tc-ctx">
              <b>Phone</b>
              <span>{phone}</span>
            </span>
          </li>
        )}
        {emailHref && (
          <li>
            <a href={emailHref}>
              <b>Email</b>
              <span>{email}</span>
            </a>
          </li>
        )}
      </ul>
      {socials.length > 0 && (
        <ul className="tc-so" aria-label="Social media">
          {socials.map(({ label, href }) => (
            <li key={label}>
              <a href={href} rel="me nofollow ugc">
                {label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
