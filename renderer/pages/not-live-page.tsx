import { renderStatusPage, type StatusPageInput } from './StatusPage';

/** SPEC §2: shown at /u/<username> when the owner's trial has ended or they have no subscription. */
export function renderNotLivePage({ siteName }: StatusPageInput): string {
  return renderStatusPage({
    title: 'This profile isn’t live yet',
    description: 'This business card is not available right now.',
    siteName,
    children: (
      <>
        <ul>
          <li>
            <strong>No content published yet</strong>
            <p>The owner hasn’t published their business card.</p>
          </li>
          <li>
            <strong>Access expired</strong>
            <p>The free trial may have ended or a subscription is required.</p>
          </li>
        </ul>
        {/* A static page cannot tell a signed-in owner from a visitor, so it offers the public contact form. */}
        <nav aria-label="What next">
          <a href="/myprofile">Create / Edit My Profile</a>
          <a href="/contactus">Contact us</a>
        </nav>
      </>
    ),
  });
}
