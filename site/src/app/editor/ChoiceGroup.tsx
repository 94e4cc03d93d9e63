import type { CSSProperties } from 'react';

type Option<T extends string> = { value: T; label: string; style?: CSSProperties };

type Props<T extends string> = {
  legend: string;
  name: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
};

/** A set of radio buttons drawn as a segmented control: one native group, so arrow keys move between choices. */
export function ChoiceGroup<T extends string>({ legend, name, value, options, onChange }: Props<T>) {
  return (
    <fieldset className="ed-choice">
      <legend>{legend}</legend>
      <div className="ed-choice__options">
        {options.map((option) => (
          <label key={option.value} style={option.style}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
