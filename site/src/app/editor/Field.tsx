import { type HTMLInputTypeAttribute, useId } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: (value: string) => void;
  multiline?: boolean;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  /** Read by screen readers before the visible label, to tell rows apart ("Service 2"). */
  context?: string;
};

function Label({ id, label, context }: { id: string; label: string; context: string | undefined }) {
  return (
    <label htmlFor={id}>
      {context && <span className="visually-hidden">{context} </span>}
      {label}
    </label>
  );
}

/** One labelled text input of the editor; the API's length limits are enforced as the person types. */
export function Field({ label, value, onChange, onBlur, multiline, context, ...input }: Props) {
  const id = useId();
  return (
    <div className="ed-field">
      <Label id={id} label={label} context={context} />
      {multiline ? (
        <textarea
          id={id}
          value={value}
          rows={5}
          maxLength={input.maxLength}
          placeholder={input.placeholder}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur && ((event) => onBlur(event.target.value))}
        />
      ) : (
        <input
          id={id}
          value={value}
          type={input.type ?? 'text'}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete ?? 'off'}
          maxLength={input.maxLength}
          placeholder={input.placeholder}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur && ((event) => onBlur(event.target.value))}
        />
      )}
    </div>
  );
}

type SelectProps = {
  label: string;
  value: string | number;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
  /** Read by screen readers before the visible label, to tell rows apart ("Review 2"). */
  context?: string;
};

/** One labelled choice from a list, laid out as the text fields are. */
export function SelectField({ label, value, options, onChange, context }: SelectProps) {
  const id = useId();
  return (
    <div className="ed-field">
      <Label id={id} label={label} context={context} />
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
