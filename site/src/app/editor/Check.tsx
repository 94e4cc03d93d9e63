type Props = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** An on/off setting is announced as a switch; a choice among several (a day of the week) as a checkbox. */
  role?: 'switch';
  /** Read by screen readers before the visible label. */
  context?: string;
};

/** One labelled tick box of the editor, the whole label a touch target. */
export function Check({ label, checked, onChange, role, context }: Props) {
  return (
    <label className="ed-check">
      <input
        type="checkbox"
        role={role}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        {context && <span className="visually-hidden">{context} </span>}
        {label}
      </span>
    </label>
  );
}
