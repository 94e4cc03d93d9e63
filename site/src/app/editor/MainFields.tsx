import { type Dispatch, memo } from 'react';
import { COVER_ASPECT } from './crop';
import type { EditorImage } from './draft';
import { Field } from './Field';
import { ImagePicker } from './ImagePicker';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';

type Props = {
  shown: boolean;
  cover: EditorImage | null;
  heading: string;
  subheading: string;
  dispatch: Dispatch<EditorAction>;
};

export const MainFields = memo(function MainFields({ shown, cover, heading, subheading, dispatch }: Props) {
  return (
    <Panel
      id="ed-main"
      title="Main"
      shown={shown}
      onToggle={() => dispatch({ type: 'set', field: 'show_main_section', value: !shown })}
    >
      <ImagePicker
        label="cover photo"
        image={cover}
        cropAspect={COVER_ASPECT}
        onChange={(image) => dispatch({ type: 'image', field: 'cover_photo', image })}
      />
      <Field
        label="Main heading"
        value={heading}
        maxLength={100}
        placeholder="e.g. Taylor & Sons Bathrooms"
        onChange={(value) => dispatch({ type: 'set', field: 'main_heading', value })}
      />
      <Field
        label="Subheading"
        value={subheading}
        maxLength={160}
        placeholder="What you do and where"
        onChange={(value) => dispatch({ type: 'set', field: 'sub_heading', value })}
      />
    </Panel>
  );
});
