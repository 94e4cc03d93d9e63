import { Picture } from '../profile/Picture';
import { phoneLinks } from '../profile/phone-links';
import { telHref } from '../profile/tel-href';
import type { ImageSource } from '../profile/view-model';
import { Document, renderDocument } from './Document';

/** A member as the firm's page lists them: only members whose own page is live (a link must open something). */
export type FirmPageMember = {
  username: string;
  name: string;
  jobTitle: string;
  avatar: ImageSource | null;
  /** Their own domain's address while it is live (issue 31); else their page on the service's host. */
  address: string | null;
};

export type FirmPageInput = {
  firmName: string;
  slug: string;
  /** The firm's logo, above its name; null when it has none. */
  logo: ImageSource | null;
  publicUrl: string;
  siteName: string;
  members: FirmPageMember[];
  /** The firm's number, from its contact member's card: Call and WhatsApp, as on a member's own page. */
  contact: { phone: string; fullName: string; whatsappGreeting: string; email: string } | null;
  /** Whose quote form takes the firm's requests (the admin, or the member the admin chose); null when none can. */
  quotesTo: string | null;
};

const firmCss = [
  "body{margin:0;background:#FFFFFF;color:#1F1F1F;font:1rem/1.5 'Inter',system-ui,sans-serif}",
  'main{max-width:36rem;margin:0 auto;padding:2.5rem 1.25rem 2rem}',
  'h1{font-size:1.75rem;line-height:1.2;margin:0 0 .5rem;overflow-wrap:anywhere}',
  '.logo img{display:block;max-width:10rem;max-height:5rem;width:auto;height:auto;margin:0 0 1rem}',
  'h2{font-size:1.25rem;margin:2rem 0 .75rem}',
  '.lead{margin:0 0 1.25rem;color:#4A4A4A}',
  '.act{display:grid;gap:.75rem;margin:0 0 1rem}',
  '.act a{display:block;padding:.875rem 1rem;border-radius:999px;font-weight:700;text-decoration:none;text-align:center;background:#F3F3F3;color:#1F1F1F}',
  // Dark text on the brand orange: white on #F47629 is only 2.8:1.
  '.act a:first-child{background:#F47629}',
  '.team{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}',
  '.team a{display:flex;gap:.875rem;align-items:center;padding:.75rem 1rem;border-radius:.75rem;background:#F3F3F3;color:#1F1F1F;text-decoration:none}',
  '.team img,.team .ini{width:3rem;height:3rem;border-radius:50%;object-fit:cover;flex:none}',
  '.team .ini{display:grid;place-items:center;background:#1F1F1F;color:#FFFFFF;font-weight:700}',
  '.team strong{display:block;overflow-wrap:anywhere}.team span{color:#4A4A4A;overflow-wrap:anywhere}',
  'a:focus-visible{outline:3px solid #1F1F1F;outline-offset:3px}',
  'footer{text-align:center;padding:1rem;font-size:.875rem}footer a{color:#1F1F1F}',
].join('');

const initialOf = (name: string) => [...name.trim()][0]?.toUpperCase() ?? '?';

/**
 * Issue 32: `/f/<slug>`, a firm's own page. Static like `/u/<username>`: no script, rendered when the firm or a
 * member's page changes, answered from its file. Its team links to each member's page.
 */
export function renderFirmPage(input: FirmPageInput): string {
  const { firmName, slug, logo, publicUrl, siteName, members, contact, quotesTo } = input;
  const phone = contact
    ? phoneLinks(
        {
          phone_number: contact.phone,
          full_name: contact.fullName,
          whatsapp_greeting: contact.whatsappGreeting,
        },
        telHref,
      )
    : null;
  const address = `${publicUrl}/f/${slug}`;
  const description = `${firmName}: ${members.length === 1 ? 'one tradesperson' : `${members.length} tradespeople`} on ${siteName}.`;
  return renderDocument(
    <Document
      title={`${firmName} | ${siteName}`}
      description={description}
      font="Inter"
      css={firmCss}
      head={<link rel="canonical" href={address} />}
    >
      <main>
        {logo && (
          <div className="logo">
            <Picture image={logo} alt={`${firmName} logo`} sizes="160px" eager />
          </div>
        )}
        <h1>{firmName}</h1>
        <p className="lead">{description}</p>
        {(phone?.call || phone?.whatsapp || quotesTo || contact?.email) && (
          <nav className="act" aria-label={`Contact ${firmName}`}>
            {phone?.call && <a href={phone.call}>Call {phone.phone}</a>}
            {phone?.whatsapp && <a href={phone.whatsapp}>WhatsApp</a>}
            {quotesTo && <a href={`${publicUrl}/u/${quotesTo}/quote`}>Ask for a quote</a>}
            {contact?.email && <a href={`mailto:${contact.email}`}>Email</a>}
          </nav>
        )}
        <h2>Our team</h2>
        <ul className="team">
          {members.map((member) => (
            <li key={member.username}>
              <a href={member.address ?? `${publicUrl}/u/${member.username}`}>
                {member.avatar ? (
                  <Picture image={member.avatar} alt="" sizes="48px" />
                ) : (
                  <span className="ini" aria-hidden="true">
                    {initialOf(member.name)}
                  </span>
                )}
                <span>
                  <strong>{member.name}</strong>
                  {member.jobTitle && <span>{member.jobTitle}</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </main>
      <footer>
        <a href={`${publicUrl}/`}>{siteName}</a>
      </footer>
    </Document>,
  );
}
