import type { KeyboardEvent, PointerEvent } from 'react';
import { type Hsv, hsvToHex, wheelPoint, wheelPosition } from './colour';

type Props = { colour: Hsv; onChange: (colour: Hsv) => void };

const HUE_STEP = 5;
const SATURATION_STEP = 0.05;

/**
 * Hue round the rim, saturation from the centre out; brightness is the slider beside it. A slider to assistive
 * technology: left and right turn the hue, up and down change the saturation.
 */
export function ColourWheel({ colour, onChange }: Props) {
  function track(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const radius = box.width / 2;
    const x = (event.clientX - box.left - radius) / radius;
    const y = (event.clientY - box.top - radius) / radius;
    onChange({ ...colour, ...wheelPoint(x, y) });
  }

  function key(event: KeyboardEvent<HTMLDivElement>) {
    const turn: Record<string, Partial<Hsv>> = {
      ArrowRight: { h: (colour.h + HUE_STEP) % 360 },
      ArrowLeft: { h: (colour.h + 360 - HUE_STEP) % 360 },
      ArrowUp: { s: Math.min(1, colour.s + SATURATION_STEP) },
      ArrowDown: { s: Math.max(0, colour.s - SATURATION_STEP) },
    };
    const change = turn[event.key];
    if (!change) return;
    event.preventDefault();
    onChange({ ...colour, ...change });
  }

  const mark = wheelPosition(colour);
  return (
    <div
      className="ed-wheel"
      role="slider"
      tabIndex={0}
      aria-label="Colour wheel"
      aria-valuemin={0}
      aria-valuemax={359}
      aria-valuenow={Math.round(colour.h)}
      aria-valuetext={`Hue ${Math.round(colour.h)} degrees, saturation ${Math.round(colour.s * 100)}%`}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        track(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) track(event);
      }}
      onKeyDown={key}
    >
      <span className="ed-wheel__shade" style={{ opacity: 1 - colour.v }} />
      <span
        className="ed-wheel__mark"
        style={{
          left: `${50 + mark.x * 50}%`,
          top: `${50 + mark.y * 50}%`,
          background: hsvToHex(colour),
        }}
      />
    </div>
  );
}
