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

export function sampleCard(): DisplayCard {
  if (cached) return cached;
  const parsed = parseCardFields(sampleCardFields);
  const fields = parsed.ok ? parsed.fields : defaultCardFields();
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
