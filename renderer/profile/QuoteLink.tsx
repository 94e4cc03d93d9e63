/**
 * Where a page's quote form is (issue 17): its own address, drawn per request (api/routes/quote-form.ts). The name
 * is encoded as the pings' is, so whatever it holds stays inside its own segment.
 */
export const pagePath = (username: string) => `/u/${encodeURIComponent(username)}`;
export const quotePath = (username: string) => `${pagePath(username)}/quote`;

/**
 * The way to the quote form, shown while the owner takes quote requests: under Call and WhatsApp at the top of the
 * page (TopOfPage), whether or not its banner is shown. A plain link: the page runs no script.
 */
export function QuoteLink({ href }: { href: string }) {
  return (
    <p className="tc-q">
      <a className="tc-bt" href={href}>
        Request a quote
      </a>
    </p>
  );
}
