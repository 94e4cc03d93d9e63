import { useEffect, useId, useRef, useState } from 'react';
import { HexColorInput } from 'react-colorful';
import { ColourWheel } from './ColourWheel';
import { hexToHsv, hsvToHex, normaliseHex, PICKER_FALLBACK } from './colour';

type Props = { label: string; value: string; onChange: (hex: string) => void };

/**
 * SPEC §2: button colour by colour wheel and value slider, closed with Done (210 px wide). The colour applies as
 * it changes, so the preview follows the pointer. Hue and saturation are held here while open: black has no hue,
 * and dragging the value down to it and back should not lose the colour.
 */
export function ColourPicker({ label, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [hsv, setHsv] = useState(() => hexToHsv(value));
  const trigger = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLFieldSetElement>(null);
  const id = useId();
  const current = normaliseHex(value) ?? PICKER_FALLBACK;

  useEffect(() => {
    if (open) popover.current?.querySelector<HTMLElement>('[role="slider"]')?.focus();
  }, [open]);

  function choose(next: typeof hsv) {
    setHsv(next);
    onChange(hsvToHex(next));
  }

  function close() {
    setOpen(false);
    trigger.current?.focus();
  }

  return (
    <div className="ed-colour">
      <span className="ed-colour__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        className="ed-colour__trigger"
        aria-expanded={open}
        aria-controls={`${id}-picker`}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => {
          if (!open) setHsv(hexToHsv(current));
          setOpen(!open);
        }}
      >
        <span className="ed-colour__swatch" style={{ background: current }} />
        <span id={`${id}-value`}>{current}</span>
      </button>
      {open && (
        <fieldset
          ref={popover}
          id={`${id}-picker`}
          className="ed-colour__popover"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <legend className="visually-hidden">{label}</legend>
          <ColourWheel colour={hsv} onChange={choose} />
          <label className="ed-colour__value">
            Brightness
            <input
              type="range"
              min={0}
              max={100}
              value={Math.round(hsv.v * 100)}
              style={{ background: `linear-gradient(to right, #000, ${hsvToHex({ ...hsv, v: 1 })})` }}
              onChange={(event) => choose({ ...hsv, v: Number(event.target.value) / 100 })}
            />
          </label>
          <div className="ed-colour__hex">
            <label htmlFor={`${id}-hex`}>Hex</label>
            <HexColorInput
              id={`${id}-hex`}
              color={current}
              prefixed
              onChange={(typed) => {
                const hex = normaliseHex(typed);
                if (hex) choose(hexToHsv(hex));
              }}
            />
          </div>
          <button type="button" className="button ed-small" onClick={close}>
            Done
          </button>
        </fieldset>
      )}
    </div>
  );
}
