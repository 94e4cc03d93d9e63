import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** More ids the input is described by, such as the password checklist. */
  describedBy?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

export const errorId = (id: string) => `${id}-error`;

/** A labelled input whose hint and error are read out with it; the error is also announced as it appears. */
export function TextField({ id, label, error, hint, describedBy, ref, ...input }: Props) {
  const ids = [error ? errorId(id) : null, hint ? `${id}-hint` : null, describedBy ?? null].filter(Boolean);
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.length ? ids.join(' ') : undefined}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(id)} className="auth-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Moves focus to the first field with a problem, in the order `order` lists them. */
export function focusFirst<K extends string>(
  errors: Partial<Record<K, string>>,
  order: readonly K[],
  prefix: string,
) {
  const first = order.find((key) => errors[key]);
  if (first) document.getElementById(`${prefix}-${first}`)?.focus();
  return first === undefined ? undefined : errors[first];
}
