import type { Check } from './password';

/** Each rule ticks as it is met; the words say so too, for anyone who can't see the tick. */
export function PasswordChecklist({ id, checks }: { id: string; checks: Check[] }) {
  return (
    <ul id={id} className="auth-checklist" aria-label="Password requirements">
      {checks.map((check) => (
        <li key={check.label} className={check.met ? 'auth-checklist__met' : undefined}>
          <span className="auth-checklist__mark" aria-hidden="true">
            {check.met ? '✓' : '•'}
          </span>
          {check.label}
          <span className="visually-hidden">{check.met ? ' (done)' : ' (not yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
