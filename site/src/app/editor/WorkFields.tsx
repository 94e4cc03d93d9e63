import { type ChangeEvent, type Dispatch, memo } from 'react';
import { MAX_WORK_IMAGES } from '../../../../events/card/content';
import { toast } from '../../stores/toasts';
import { type EditorImage, thumbnailSrcSet } from './draft';
import { Panel } from './Panel';
import { PhotoStatus } from './PhotoStatus';
import { pickedImages } from './pick-images';
import { useReorder } from './Reorder';
import type { EditorAction } from './reducer';
import { workPhotosLeftOut } from './work-limit';

type Props = { shown: boolean; works: EditorImage[]; dispatch: Dispatch<EditorAction> };

/**
 * SPEC §5: up to ten photos; the add tile goes once there are ten, files that aren't images are ignored, and photos
 * picked past the tenth are left out with a word saying so (issue 28).
 */
export const WorkFields = memo(function WorkFields({ shown, works, dispatch }: Props) {
  const room = MAX_WORK_IMAGES - works.length;
  const reorder = useReorder('works', works, dispatch, 'Work photo');

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const leftOut = workPhotosLeftOut(files, room);
    if (leftOut) toast.error(leftOut);
    await pickedImages(
      files,
      room,
      (index) => `Work image ${works.length + index + 1}`,
      (image) => dispatch({ type: 'addWorks', images: [image] }),
    );
  }

  return (
    <Panel
      id="ed-work"
      title="My Work"
      shown={shown}
      onToggle={() => dispatch({ type: 'set', field: 'show_work_section', value: !shown })}
    >
      <p className="ed-hint" id="ed-work-count">
        {works.length} of {MAX_WORK_IMAGES} photos
      </p>
      <ul className="ed-works">
        {works.map((image, index) => (
          <li
            key={image.key}
            className="ed-works__item"
            {...reorder.rowProps(image, index, `work photo ${index + 1}`)}
          >
            <img
              src={image.url}
              srcSet={thumbnailSrcSet(image)}
              sizes="160px"
              alt={`My Work ${index + 1} of ${works.length}`}
              loading="lazy"
            />
            <PhotoStatus image={image} label={`Work image ${index + 1}`} />
            <button
              type="button"
              className="ed-works__remove"
              onClick={() => dispatch({ type: 'removeWork', key: image.key })}
            >
              Remove<span className="visually-hidden"> work photo {index + 1}</span>
            </button>
            <div className="ed-works__moves">
              {reorder.handle(image)}
              {reorder.moveButtons(image, index, `work photo ${index + 1}`)}
            </div>
          </li>
        ))}
        {room > 0 && (
          <li className="ed-works__add">
            <label>
              <span aria-hidden="true" className="ed-works__plus">
                +
              </span>
              Add work photos
              <input
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                aria-describedby="ed-work-count"
                onChange={(event) => void add(event)}
              />
            </label>
          </li>
        )}
      </ul>
      {reorder.live}
    </Panel>
  );
});
