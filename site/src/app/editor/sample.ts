import type { CardContent } from '../../../../events/card/content';
import { defaultCardFields, parseCardFields } from '../../../../events/card/input';
import type { DisplayCard, ImageSource } from '../../../../renderer/profile/view-model';
import {
  bathIllustration,
  coverIllustration,
  portraitIllustration,
  showerIllustration,
  vanityIllustration,
} from '../../../../renderer/sample/illustrations';
import { sampleCardFields } from '../../../../renderer/sample/sample-card';
import type { SavedCard } from './saved-card';
import { roughlyDiallable } from './tel-href';

/**
 * SPEC §2: before anything is saved, the preview shows the sample bathroom renovator, the same one published at
 * /u/demo. Its pictures are the seed's own drawings, handed to the preview as blob URLs (the only non-http image
 * address the profile components accept).
 */
let cached: DisplayCard | null = null;

function drawing(svg: string, width: number, height: number): ImageSource {
  const src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  return { src, width, height };
}

function sampleFields() {
  const parsed = parseCardFields(sampleCardFields, roughlyDiallable);
  return parsed.ok ? parsed.fields : defaultCardFields();
}

export function sampleCard(): DisplayCard {
  if (cached) return cached;
  const fields = sampleFields();
  cached = {
    ...fields,
    cover_photo: drawing(coverIllustration(), 1600, 900),
    avatar: drawing(portraitIllustration(), 600, 600),
    works: [
      drawing(showerIllustration(), 1200, 1500),
      drawing(bathIllustration(), 1500, 1000),
      drawing(vanityIllustration(), 1200, 1200),
    ],
  };
  return cached;
}

/**
 * Where the editor starts. Someone with nothing published starts in the sample's look (its font and button text),
 * so the controls describe the example the preview shows (issue 14); the spec's default of white text on the
 * orange button is also too faint to read (2.6:1), which the sample's black text is not.
 */
export function startingContent(saved: SavedCard): CardContent {
  if (saved.isPublished) return saved.content;
  const { style, button_text_color } = sampleFields();
  return { ...saved.content, style, button_text_color };
}
