import { useEffect, useRef } from 'react';
import { HexColorInput } from 'react-colorful';
import { ColourWheel } from './ColourWheel';
import { type Hsv, hexToHsv, hsvToHex, normaliseHex } from './colour';

type Props = {
  id: string;
  label: string;
  hsv: Hsv;
  current: string;
  choose: (next: Hsv) => void;
  close: () => void;
};

/** The open picker: wheel, brightness, hex and Done. Its own chunk: nobody needs it for the editor's first paint. */
export default function ColourPopover({ id, label, hsv, current, choose, close }: Props) {
  const popover = useRef<HTMLFieldSetElement>(null);
  // Focus moves into the picker when it appears, which may be a moment after the click while this file loads.
  useEffect(() => {
    popover.current?.querySelector<HTMLElement>('[role="slider"]')?.focus();
  }, []);

  return (
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
  );
}
