import { renderStatusPage, type StatusPageInput } from './StatusPage';

/** SPEC §2: the owner is live but every visible section is empty. */
export function renderNotSetUpPage({ username, siteName }: StatusPageInput): string {
  return renderStatusPage({
    title: 'This profile isn’t set up yet',
    description: `@${username} hasn’t published any content here yet.`,
    siteName,
    children: (
      <>
        <p>@{username} hasn’t published any content here yet</p>
        <nav aria-label="What next">
          <a href="/myprofile">Create / Edit My Profile</a>
        </nav>
      </>
    ),
  });
}
