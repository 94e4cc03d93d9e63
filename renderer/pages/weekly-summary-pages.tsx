import { renderStatusPage } from './StatusPage';

/**
 * Issue 16: the page the weekly summary's "Turn it off" link opens. Opening it changes nothing (mail scanners and
 * link previews open links too, RFC 8058 §1); its button posts to the same address, as a mail client's own
 * one-click unsubscribe does.
 */
export function renderTurnOffSummaryPage({ siteName }: { siteName: string }): string {
  return renderStatusPage({
    title: 'Turn off the weekly summary?',
    description: 'Stop the Monday email about your page’s visits.',
    siteName,
    children: (
      <>
        <p>Every Monday we email you how many people opened your page the week before, and what they did.</p>
        <form method="post">
          <button type="submit">Turn off the weekly summary</button>
        </form>
        <p>
          Your page and its statistics stay as they are. You can turn the summary back on in your settings.
        </p>
      </>
    ),
  });
}

/** After turning it off, or opening the link again once it is off. */
export function renderSummaryOffPage({ siteName }: { siteName: string }): string {
  return renderStatusPage({
    title: 'The weekly summary is off',
    description: 'You will not get the Monday email about your page’s visits.',
    siteName,
    children: (
      <>
        <p>
          We won’t email you your page’s weekly visits any more. Your statistics are still on your dashboard.
        </p>
        <nav aria-label="What next">
          <a href="/stats">See your statistics</a>
          <a href="/notifications">Turn it back on</a>
        </nav>
      </>
    ),
  });
}
