import { type ReactNode, useId } from 'react';

type Props = { locked: boolean; firmName: string | null; children: ReactNode };

/**
 * A part of the page's look the member's firm has locked (issue 32): shown with the firm's value, its controls
 * disabled together (a disabled fieldset), and a line saying whose it is.
 */
export function LockedByFirm({ locked, firmName, children }: Props) {
  const id = useId();
  if (!locked) return children;
  return (
    <fieldset className="ed-locked" disabled aria-describedby={id}>
      {children}
      <p className="ed-hint" id={id}>
        Set by {firmName ?? 'your firm'}: only its admin can change it.
      </p>
    </fieldset>
  );
}
