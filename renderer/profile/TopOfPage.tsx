import { hasText } from '../../events/card/display';
import { Credentials, shownCredentials } from './Credentials';
import type { PhoneLinks } from './phone-links';
import type { PingPath } from './ping';
import { QuoteLink } from './QuoteLink';
import type { DisplayCard } from './view-model';

type Props = {
  card: DisplayCard;
  phone: PhoneLinks;
  owner: string;
  ping: PingPath | undefined;
  /** The quote form, while the owner takes quote requests. */
  quoteHref: string | undefined;
};

/** Areas as the page lists them, any blank one left out: the page draws whatever a card holds. */
const areasOf = (card: Pick<DisplayCard, 'areas_covered'>) =>
  card.areas_covered.map((area) => area.trim()).filter((area) => area !== '');

/**
 * What wins the job, first under the page's heading (issue 17): Call and WhatsApp, Request a quote, then whether
 * they come out in an emergency, where they work and the schemes they say they belong to. Drawn whether or not the
 * Main section is shown: it is how to reach them, not the banner.
 */
export function TopOfPage({ card, phone, owner, ping, quoteHref }: Props) {
  const callout = card.emergency_callout;
  const areas = areasOf(card);
  const credentials = shownCredentials(card);
  if (!phone.call && !quoteHref && !callout.on && areas.length === 0 && credentials.length === 0) return null;
  return (
    <div className="tc-top">
      {phone.call && (
        <p className="tc-qa">
          <a className="tc-bt" href={phone.call} ping={ping?.('call')}>
            Call
          </a>
          {phone.whatsapp && (
            <a className="tc-bt tc-wa" href={phone.whatsapp} ping={ping?.('whatsapp')}>
              WhatsApp
            </a>
          )}
        </p>
      )}
      {quoteHref && <QuoteLink href={quoteHref} />}
      {callout.on && (
        <p className="tc-em">
          <b>Emergency callout{hasText(callout.hours) && `: ${callout.hours.trim()}`}</b>
          {hasText(callout.note) && <span>{callout.note.trim()}</span>}
        </p>
      )}
      {areas.length > 0 && <p>Covers: {areas.join(', ')}</p>}
      <Credentials credentials={credentials} owner={owner} />
    </div>
  );
}
