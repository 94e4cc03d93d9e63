import { type Dispatch, memo } from 'react';
import { FONTS } from '../../../../events/card/content';
import type { BrandPart } from '../../../../events/firm/brand';
import { buttonTextColour } from '../../../../renderer/profile/theme';
import { ChoiceGroup } from './ChoiceGroup';
import { ColourPicker } from './ColourPicker';
import type { Draft } from './draft';
import { LockedByFirm } from './LockedByFirm';
import { Panel } from './Panel';
import type { EditorAction } from './reducer';

type Look = Pick<Draft, 'page_theme' | 'style' | 'button_bg_color' | 'button_text_color' | 'text_alignment'>;
type Props = Look & {
  dispatch: Dispatch<EditorAction>;
  /** The parts of the look the member's firm has locked (issue 32), and the firm's name. */
  brandLocks: readonly BrandPart[];
  firmName: string | null;
};

const THEMES = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const;
// Each font's name is shown in that font; the preview's @font-face rules are already on the page.
const FONT_OPTIONS = FONTS.map((font) => ({ value: font, label: font, style: { fontFamily: font } }));
const TEXT_COLOURS = [
  { value: 'white', label: 'White' },
  { value: 'black', label: 'Black' },
] as const;
const ALIGNMENTS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
] as const;

/** The text colour the page's buttons show: the one chosen, unless it is hard to read on the button colour. */
const shownTextColour = (look: Look) => (buttonTextColour(look) === '#000000' ? 'black' : 'white');

/** The page's look (SPEC §2): theme, font, button colours and text alignment. */
export const DesignFields = memo(function DesignFields({ dispatch, brandLocks, firmName, ...look }: Props) {
  const shown = shownTextColour(look);
  const lockedBy = (part: BrandPart) => ({ locked: brandLocks.includes(part), firmName });
  return (
    <Panel id="ed-design" title="Design">
      <LockedByFirm {...lockedBy('theme')}>
        <ChoiceGroup
          legend="Page theme"
          name="page_theme"
          value={look.page_theme}
          options={THEMES}
          onChange={(value) => dispatch({ type: 'set', field: 'page_theme', value })}
        />
      </LockedByFirm>
      <LockedByFirm {...lockedBy('font')}>
        <ChoiceGroup
          legend="Font"
          name="style"
          value={look.style}
          options={FONT_OPTIONS}
          onChange={(value) => dispatch({ type: 'set', field: 'style', value })}
        />
      </LockedByFirm>
      <LockedByFirm {...lockedBy('colours')}>
        <ColourPicker
          label="Button colour"
          value={look.button_bg_color}
          onChange={(value) => dispatch({ type: 'set', field: 'button_bg_color', value })}
        />
        <ChoiceGroup
          legend="Button text colour"
          name="button_text_color"
          value={look.button_text_color}
          options={TEXT_COLOURS}
          onChange={(value) => dispatch({ type: 'set', field: 'button_text_color', value })}
        />
        {shown !== look.button_text_color && (
          <p className="ed-hint">
            {look.button_text_color === 'white' ? 'White' : 'Black'} text is hard to read on this button
            colour, so your page’s buttons use {shown} text.
          </p>
        )}
      </LockedByFirm>
      <ChoiceGroup
        legend="Text alignment"
        name="text_alignment"
        value={look.text_alignment}
        options={ALIGNMENTS}
        onChange={(value) => dispatch({ type: 'set', field: 'text_alignment', value })}
      />
    </Panel>
  );
});
