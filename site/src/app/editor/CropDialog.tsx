import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { toast } from '../../stores/toasts';
import { type Crop, centred, cropRect, cropSize, MAX_ZOOM, moved, placement, settle } from './crop';
import { type EditorImage, pickedImage } from './draft';
import { encodeImage } from './photo-prepare';
import { fitWithin, MAX_PHOTO_BYTES, photoTooLarge, renamed } from './photo-size';

type Props = {
  image: EditorImage;
  /** Width over height of the frame the photo is cropped to. */
  aspect: number;
  /** Names the photo: 'cover photo'. */
  label: string;
  onCrop: (image: EditorImage) => void;
  onClose: () => void;
};

/** A key's move of the photo, as a fraction of the frame: a small step, or a larger one with Shift. */
const STEP = 0.05;
const ZOOM_STEP = 0.25;

async function loaded(url: string) {
  const photo = new Image();
  photo.src = url;
  await photo.decode();
  return photo;
}

/**
 * Crops a photo to its frame on the page (issue 14): drag the photo or use the arrow keys to move it, the slider
 * or + and − to zoom, then Apply. The cropped photo is made here, on a canvas, and replaces the one chosen, so what
 * goes up is what the frame showed. Loaded only when someone asks to crop.
 */
export default function CropDialog({ image, aspect, label, onCrop, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [photo, setPhoto] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<Crop | null>(null);
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
    let live = true;
    loaded(image.url).then(
      (decoded) => {
        if (!live) return;
        setPhoto(decoded);
        setCrop(centred({ width: decoded.naturalWidth, height: decoded.naturalHeight }));
      },
      () => {
        toast.error(`Your ${label} can't be cropped in this browser.`);
        dialog.current?.close();
      },
    );
    return () => {
      live = false;
    };
  }, [image.url, label]);

  const size = photo && { width: photo.naturalWidth, height: photo.naturalHeight };
  const move = (dx: number, dy: number) => size && crop && setCrop(moved(size, aspect, crop, dx, dy));
  const zoomTo = (zoom: number) => size && crop && setCrop(settle(size, aspect, { ...crop, zoom }));

  function onKeyDown(event: KeyboardEvent) {
    if (!crop) return;
    const step = event.shiftKey ? STEP * 4 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const direction = moves[event.key];
    if (direction) move(...direction);
    else if (event.key === '+' || event.key === '=') zoomTo(crop.zoom + ZOOM_STEP);
    else if (event.key === '-') zoomTo(crop.zoom - ZOOM_STEP);
    else return;
    event.preventDefault();
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const from = drag.current;
    const box = frame.current?.getBoundingClientRect();
    if (!from || !box) return;
    drag.current = { x: event.clientX, y: event.clientY };
    move((event.clientX - from.x) / box.width, (event.clientY - from.y) / box.height);
  }

  async function apply() {
    if (!photo || !size || !crop) return;
    setBusy(true);
    try {
      const part = cropRect(size, aspect, crop);
      const target = fitWithin(part.sw, part.sh);
      const type = image.kind === 'new' && image.file.type === 'image/jpeg' ? 'image/jpeg' : 'image/webp';
      const blob = await encodeImage(photo, target, type, part);
      const name = image.kind === 'new' ? image.file.name : 'cover';
      const file = new File([blob], renamed(name, blob.type), { type: blob.type });
      if (file.size > MAX_PHOTO_BYTES) {
        toast.error(photoTooLarge(`Your ${label}`));
        return;
      }
      onCrop(pickedImage(file, target));
      dialog.current?.close();
    } catch {
      toast.error(`Your ${label} couldn't be cropped. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  const kept = size && crop && cropSize(size, aspect, crop.zoom);
  return (
    <dialog ref={dialog} className="ed-crop" aria-labelledby="ed-crop-title" onClose={onClose}>
      <h2 id="ed-crop-title">Crop {label}</h2>
      <p className="ed-hint" id="ed-crop-help">
        Drag the photo, or use the arrow keys, to choose what shows. Zoom with the slider or the + and − keys.
      </p>
      <div
        ref={frame}
        className="ed-crop__frame"
        style={{ aspectRatio: String(aspect) }}
        role="application"
        aria-roledescription="crop area"
        aria-label={`Position of your ${label}`}
        aria-describedby="ed-crop-help"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the frame takes the arrow keys that move the photo.
        tabIndex={0}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        {photo && size && crop && (
          <img
            src={image.url}
            alt={`Your ${label}, as it will be cropped`}
            style={placement(size, aspect, crop)}
          />
        )}
      </div>
      <label className="ed-crop__zoom">
        Zoom
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={crop?.zoom ?? 1}
          disabled={!crop}
          onChange={(event) => zoomTo(Number(event.target.value))}
        />
      </label>
      {kept && (
        <p className="ed-hint" aria-live="polite">
          Keeps {Math.round(kept.width)} × {Math.round(kept.height)} px of the photo.
        </p>
      )}
      <div className="ed-crop__actions">
        <button type="button" className="button button--ghost" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
        <button type="button" className="button" onClick={() => void apply()} disabled={!crop || busy}>
          Apply crop
        </button>
      </div>
    </dialog>
  );
}
