import { Collection } from './Collection';
import { Heading } from './Heading';
import { Picture } from './Picture';
import type { DisplayCard, ImageSource } from './view-model';

type Props = { works: ImageSource[]; mode: DisplayCard['work_display_mode']; level: number; eager: boolean };

// What each layout draws an image at, so the browser picks the smallest srcset candidate that stays sharp.
const SIZES = {
  list: '(min-width:36rem) 34rem, calc(100vw - 2rem)',
  grid: '(min-width:36rem) 17rem, 50vw',
  carousel: '(min-width:36rem) 29rem, 85vw',
} as const;

/** `works` is already filtered by the display rules (placeholder images dropped). */
export function WorkSection({ works, mode, level, eager }: Props) {
  return (
    <section className="tc-s" aria-labelledby="tc-work">
      <Heading level={level} id="tc-work">
        My Work
      </Heading>
      <Collection mode={mode} label="My Work" className="tc-wk">
        {works.map((image, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and may repeat; the list is redrawn whole
          <li key={`${index}-${image.src}`}>
            <Picture
              image={image}
              alt={`Work photo ${index + 1} of ${works.length}`}
              sizes={SIZES[mode] ?? SIZES.list}
              eager={eager && index === 0}
            />
          </li>
        ))}
      </Collection>
    </section>
  );
}
