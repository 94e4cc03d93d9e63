import type { ReactNode } from 'react';
import { Document, renderDocument } from './Document';
import { statusCss } from './status-styles';

export type StatusPageInput = { username: string; siteName: string };

type Props = { title: string; description: string; siteName: string; children: ReactNode };

/** The shell of the pages a visitor sees instead of a card. Never indexed: the card may go live tomorrow. */
export function renderStatusPage({ title, description, siteName, children }: Props): string {
  return renderDocument(
    <Document title={`${title} | ${siteName}`} description={description} font="Inter" css={statusCss} noindex>
      <main className="st">
        <h1>{title}</h1>
        {children}
      </main>
      <footer>
        <a href="/">{siteName}</a>
      </footer>
    </Document>,
  );
}
