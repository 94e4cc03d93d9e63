import type { ReactNode } from 'react';
import type { Tone } from './fulfilment';

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`badge tone tone--${tone}`}>{children}</span>;
}

export function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="tile">
      <p className="tile__label">{label}</p>
      <p className="tile__value">{value}</p>
      {note && <p className="tile__note">{note}</p>}
    </div>
  );
}

/**
 * Label and value pairs, as a description list so each value is read with its label. A row marked 'id' shows an
 * identifier in a fixed-width face.
 */
export function DetailRows({ rows }: { rows: [string, string, 'id'?][] }) {
  return (
    <dl className="details">
      {rows.map(([label, value, kind]) => (
        <div className="details__row" key={label}>
          <dt>{label}</dt>
          <dd className={kind === 'id' ? 'receipt__id' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="orders-loading" role="status">
      <span className="orders-loading__spinner" aria-hidden="true" />
      {children}
    </p>
  );
}
