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
  /** Closes the picker; `refocus` is false when focus has gone elsewhere (a click outside), to stay there. */
  close: (refocus?: boolean) => void;
};

/** The open picker: wheel, brightness, hex and Done. Its own chunk: nobody needs it for the editor's first paint. */
export default function ColourPopover({ id, label, hsv, current, choose, close }: Props) {
  const popover = useRef<HTMLFieldSetElement>(null);
  // Focus moves into the picker when it appears, which may be a moment after the click while this file loads.
  // All of it is brought into view, Done included: opened low on a 900 px high window it ran off the bottom.
  useEffect(() => {
    popover.current?.querySelector<HTMLElement>('[role="slider"]')?.focus({ preventScroll: true });
    popover.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  // A click anywhere else closes it, as any popover does; the trigger button is left to toggle it itself.
  useEffect(() => {
    const picker = popover.current?.parentElement;
    const closeOutside = (event: PointerEvent) => {
      if (picker && event.target instanceof Node && !picker.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [close]);

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
      <button type="button" className="button ed-small" onClick={() => close()}>
        Done
      </button>
    </fieldset>
  );
}
