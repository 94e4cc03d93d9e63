import { type ChangeEvent, lazy, Suspense, useState } from 'react';
import { capitalised } from '../../../../events/card/display';
import { type EditorImage, thumbnailSrcSet } from './draft';
import { PhotoStatus } from './PhotoStatus';
import { pickedImages } from './pick-images';

/** The crop's code comes with the first crop asked for, not with the editor. */
const CropDialog = lazy(() => import('./CropDialog'));

type Props = {
  /** Names the photo in labels: 'cover photo', 'profile photo'. */
  label: string;
  image: EditorImage | null;
  round?: boolean;
  /** Offers a crop to a frame of this width over height (the cover's on the page). */
  cropAspect?: number;
  onChange: (image: EditorImage | null) => void;
};

/** Picks, changes, crops or removes one photo; a file that isn't an image is ignored (SPEC §5). */
export function ImagePicker({ label, image, round, cropAspect, onChange }: Props) {
  const [cropping, setCropping] = useState(false);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // Cleared so picking the same file again still fires a change.
    event.target.value = '';
    const [picked] = await pickedImages(files, 1, () => capitalised(label));
    if (picked) onChange(picked);
  }

  return (
    <div className="ed-image">
      <div className={round ? 'ed-image__frame ed-image__frame--round' : 'ed-image__frame'}>
        {image ? (
          <img
            src={image.url}
            srcSet={thumbnailSrcSet(image)}
            sizes={round ? '96px' : '160px'}
            alt={`Your ${label}`}
            loading="lazy"
          />
        ) : (
          <span className="ed-image__empty">No {label} yet</span>
        )}
        <PhotoStatus image={image} label={capitalised(label)} />
      </div>
      <div className="ed-image__actions">
        <label className="button button--ghost ed-small">
          {image ? `Change ${label}` : `Upload ${label}`}
          <input
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={(event) => void pick(event)}
          />
        </label>
        {image && cropAspect && (
          <button type="button" className="button button--ghost ed-small" onClick={() => setCropping(true)}>
            Crop<span className="visually-hidden"> {label}</span>
          </button>
        )}
        {image && (
          <button type="button" className="button button--ghost ed-small" onClick={() => onChange(null)}>
            Remove<span className="visually-hidden"> {label}</span>
          </button>
        )}
      </div>
      {cropping && image && cropAspect && (
        <Suspense fallback={null}>
          <CropDialog
            image={image}
            aspect={cropAspect}
            label={label}
            onCrop={onChange}
            onClose={() => setCropping(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
