import type { ReactNode } from 'react';
import type { CardContent } from '../../events/card/content';
import { shownContent } from '../../events/card/shown';
import { pagePath } from '../profile/QuoteLink';
import { profileCss } from '../profile/styles';
import { backgroundColour, buttonColour, themeVars } from '../profile/theme';
import { displayName } from '../profile/view-model';
import { Document, renderDocument } from './Document';

/**
 * The frame of the pages drawn per request beside a profile, with no script: the quote form's (quote-pages.tsx,
 * issue 17) and the review form's (review-pages.tsx, issue 30), in the owner's colours and font with the profile's
 * own stylesheet, and a page that says one thing.
 */

/** The form's own rules, on top of the profile's. Error text keeps the page's colours; a bar marks it. */
const quoteCss = [
  '.tq{padding:1.25rem 1rem 2rem}',
  '.tq form{display:grid;gap:1.25rem;margin:1.5rem 0}',
  '.tq label,.tq legend{display:block;font-weight:700;margin:0 0 .25rem;padding:0}',
  '.tq fieldset{border:0;margin:0;padding:0;display:grid;gap:.75rem}',
  '.tq input,.tq textarea{display:block;width:100%;font:inherit;color:var(--fg);background:var(--bg);border:2px solid var(--mu);border-radius:.5rem;padding:.625rem .75rem}',
  '.tq textarea{min-height:8rem;resize:vertical}',
  '.tq input:focus-visible,.tq textarea:focus-visible{outline:3px solid var(--fg);outline-offset:2px}',
  '.tq-h{color:var(--mu);font-size:.875rem;margin:0 0 .25rem}',
  '.tq-e{font-weight:700;border-left:4px solid var(--st);padding-left:.5rem;margin:.25rem 0 0}',
  '.tq-sum{border:2px solid var(--st);border-radius:.75rem;padding:.75rem 1rem;margin:1rem 0}',
  '.tq-sum ul{margin:.25rem 0 0;padding-left:1.25rem}',
  '.tq .tc-bt{width:100%;border:0;font:inherit;font-weight:700;cursor:pointer}',
  '.tq-nav{display:grid;gap:.75rem;margin:1.5rem 0 0}',
  // A radio or checkbox with its words beside it (the review form's stars and consent), a finger's height to tap.
  '.tq .tq-choice{display:flex;gap:.5rem;align-items:center;font-weight:400;min-height:2.75rem}',
  '.tq .tq-choice input{width:auto;display:inline-block;margin:0;min-width:1.25rem;min-height:1.25rem}',
  // Out of sight and out of reach for people (aria-hidden, no tab stop); a script filling every field fills it.
  '.tq-hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
].join('');

export type PageInput = { content: CardContent; username: string; siteName: string };

/** The name the page goes by, from what it shows (shown.ts): a hidden section's name is not named here either. */
export const nameOf = ({ content, username }: Pick<PageInput, 'content' | 'username'>) =>
  displayName(shownContent(content), username);

/**
 * `back`: the small link to the page at the top, left off where the page's main button leads there. Also the frame
 * of the review form's pages (review-pages.tsx), which say what they are for in `description`.
 */
export function QuoteDocument({
  content,
  username,
  siteName,
  title,
  description,
  back = true,
  children,
}: PageInput & { title: string; description?: string; back?: boolean; children: ReactNode }) {
  const name = nameOf({ content, username });
  const css = `body{margin:0;background:${backgroundColour(content.page_theme)}}${profileCss}${quoteCss}`;
  return (
    <Document
      title={`${title} | ${name} | ${siteName}`}
      description={description ?? `Ask ${name} for a quote.`}
      font={content.style}
      css={css}
      noindex
      themeColor={buttonColour(content.button_bg_color)}
      colorScheme={content.page_theme === 'dark' ? 'dark' : 'light'}
    >
      <div className="tc tc-pg" style={themeVars(content)}>
        <main className="tq">
          {back && (
            <p>
              <a href={pagePath(username)}>Back to {name}</a>
            </p>
          )}
          {children}
        </main>
      </div>
    </Document>
  );
}

/** A page that says one thing and offers one way on; `back` as in QuoteDocument. */
export function renderMessagePage(
  input: PageInput & { description?: string },
  page: {
    title: string;
    heading?: string;
    text: string;
    next: { href: string; label: string };
    back: boolean;
  },
): string {
  return renderDocument(
    <QuoteDocument {...input} title={page.title} back={page.back}>
      <h1>{page.heading ?? page.title}</h1>
      <p>{page.text}</p>
      <nav className="tq-nav" aria-label="What next">
        <a className="tc-bt" href={page.next.href}>
          {page.next.label}
        </a>
      </nav>
    </QuoteDocument>,
  );
}
