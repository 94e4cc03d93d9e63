import type { ReactNode } from 'react';

type Props = { level: number; id?: string; className?: string; children: ReactNode };

/** The preview sits inside the editor's own page, so its headings start one level lower than the live page's. */
export function Heading({ level, id, className, children }: Props) {
  const Tag = `h${Math.min(Math.max(level, 1), 6)}` as 'h1';
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
