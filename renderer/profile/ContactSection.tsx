import { hasText, SOCIAL_LINKS } from '../../events/card/display';
import { Heading } from './Heading';
import { OpeningHours } from './OpeningHours';
import type { PhoneLinks } from './phone-links';
import { type PingPath, SOCIAL_ACTIONS } from './ping';
import { externalHref, mailtoHref } from './safe-href';
import type { DisplayCard } from './view-model';

/** `ping`: where the published page reports each click; absent in the editor's preview, where the owner clicks. */
type Props = { card: DisplayCard; level: number; phone: PhoneLinks; ping: PingPath | undefined };

/** One way to get in touch: what it is, then the number or address it uses. */
function ContactLink(props: { href: string; ping: string | undefined; label: string; value: string }) {
  return (
    <li>
      <a href={props.href} ping={props.ping}>
        <b>{props.label}</b>
        <span>{props.value}</span>
      </a>
    </li>
  );
}

/**
 * Every way to get in touch, and when. Call and WhatsApp are at the top of the page too; here they stand beside the
 * number itself, where a visitor who scrolls down for it looks.
 */
export function ContactSection({ card, level, phone: links, ping }: Props) {
  const email = card.contact_email.trim();
  const { phone, call: phoneHref, whatsapp } = links;
  const emailHref = hasText(email) ? mailtoHref(email) : undefined;
  const socials = SOCIAL_LINKS.flatMap(({ field, label }) => {
    const href = hasText(card[field]) ? externalHref(card[field]) : undefined;
    return href ? [{ label, href, action: SOCIAL_ACTIONS[field] }] : [];
  });
  return (
    <section className="tc-s" aria-labelledby="tc-contact">
      <Heading level={level} id="tc-contact">
        Contact
      </Heading>
      <ul className="tc-ct">
        {phoneHref && <ContactLink href={phoneHref} ping={ping?.('call')} label="Call" value={phone} />}
        {whatsapp && <ContactLink href={whatsapp} ping={ping?.('whatsapp')} label="WhatsApp" value={phone} />}
        {hasText(phone) && !phoneHref && (
          // An older card may hold a number no dialler can use: show it to be read rather than hide it.
          <li>
            <span className="tc-ctx">
              <b>Phone</b>
              <span>{phone}</span>
            </span>
          </li>
        )}
        {emailHref && <ContactLink href={emailHref} ping={ping?.('email')} label="Email" value={email} />}
      </ul>
      <OpeningHours hours={card.opening_hours} level={level + 1} />
      {socials.length > 0 && (
        <ul className="tc-so" aria-label="Social media">
          {socials.map(({ label, href, action }) => (
            <li key={label}>
              <a href={href} rel="me nofollow ugc" ping={ping?.(action)}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
