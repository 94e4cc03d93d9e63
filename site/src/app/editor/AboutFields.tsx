import { type Dispatch, memo } from 'react';
import type { EditorImage } from './draft';
import { Field } from './Field';
import { ImagePicker } from './ImagePicker';
import { LockedByFirm } from './LockedByFirm';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';

type Props = {
  shown: boolean;
  avatar: EditorImage | null;
  fullName: string;
  jobTitle: string;
  businessName: string;
  bio: string;
  dispatch: Dispatch<EditorAction>;
  /** The member's firm shows its own business name on their page (issue 32). */
  nameLocked: boolean;
  firmName: string | null;
};

export const AboutFields = memo(function AboutFields({
  shown,
  avatar,
  fullName,
  jobTitle,
  businessName,
  bio,
  dispatch,
  nameLocked,
  firmName,
}: Props) {
  return (
    <Panel
      id="ed-about"
      title="About Me"
      shown={shown}
      onToggle={() => dispatch({ type: 'set', field: 'show_about_me_section', value: !shown })}
    >
      <ImagePicker
        label="profile photo"
        image={avatar}
        round
        cropAspect={1}
        onChange={(image) => dispatch({ type: 'image', field: 'avatar', image })}
      />
      <Field
        label="Full name"
        value={fullName}
        maxLength={80}
        autoComplete="name"
        onChange={(value) => dispatch({ type: 'set', field: 'full_name', value })}
      />
      <Field
        label="Job title"
        value={jobTitle}
        maxLength={80}
        placeholder="e.g. Gas Safe engineer"
        onChange={(value) => dispatch({ type: 'set', field: 'job_title', value })}
      />
      <LockedByFirm locked={nameLocked} firmName={firmName}>
        <Field
          label="Business name"
          value={businessName}
          maxLength={80}
          autoComplete="organization"
          placeholder="e.g. Thompson Bathrooms Ltd"
          onChange={(value) => dispatch({ type: 'set', field: 'business_card_name', value })}
        />
      </LockedByFirm>
      <Field
        label="Bio"
        value={bio}
        multiline
        maxLength={1500}
        onChange={(value) => dispatch({ type: 'set', field: 'bio', value })}
      />
    </Panel>
  );
});
