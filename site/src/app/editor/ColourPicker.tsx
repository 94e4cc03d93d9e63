import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { hexToHsv, hsvToHex, normaliseHex, PICKER_FALLBACK } from './colour';

type Props = { label: string; value: string; onChange: (hex: string) => void };

const loadPopover = () => import('./ColourPopover');
const ColourPopover = lazy(loadPopover);

/**
 * SPEC §2: button colour by colour wheel and value slider, closed with Done (210 px wide). The colour applies as
 * it changes, so the preview follows the pointer. Hue and saturation are held here while open: black has no hue,
 * and dragging the value down to it and back should not lose the colour. The open picker is fetched when the
 * pointer or focus reaches the button, so it is usually there by the click.
 */
export function ColourPicker({ label, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [hsv, setHsv] = useState(() => hexToHsv(value));
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  const current = normaliseHex(value) ?? PICKER_FALLBACK;

  function choose(next: typeof hsv) {
    setHsv(next);
    onChange(hsvToHex(next));
  }

  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  }, []);

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
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={() => {
          if (!open) setHsv(hexToHsv(current));
          setOpen(!open);
        }}
      >
        <span className="ed-colour__swatch" style={{ background: current }} />
        <span id={`${id}-value`}>{current}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ColourPopover id={id} label={label} hsv={hsv} current={current} choose={choose} close={close} />
        </Suspense>
      )}
    </div>
  );
}
