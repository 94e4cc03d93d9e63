import path from 'node:path';
import { PAGE_TEMPLATE_VERSION } from '../../renderer/page-template';
import type { Captures } from './capture';
import { writeCardRenders } from './card-renders';
import { OUT } from './config';
import { writeOgImage } from './og';
import { writeText, writeWebpSet } from './output';

/**
 * The page template the site's pictures of profile pages were drawn with (issue 28: the home page's showed a layout
 * two releases old). tests/site-assets.test.ts compares it with PAGE_TEMPLATE_VERSION, so a change to the page fails
 * until they are drawn again.
 */
export const DRAWN_WITH_FILE = path.join(OUT.profiles, 'drawn-with.json');

/**
 * The home page shows these 240 CSS px wide. 600 is there for phones of about 2.5× (most Androids, Lighthouse's
 * 2.625×): between 390 and 780 a browser took the 780 (issue 29: 107 KB of the home page's 219), and Chromium takes
 * a candidate below the screen's density when the screen is nearer it than the next (their geometric mean).
 */
const PROFILE_WIDTHS = [390, 600, 780];

/** Every picture of a profile page: the screenshots, the card renders and the share image made from the demo's. */
export async function writePagePictures(captures: Pick<Captures, 'profiles' | 'qrSvg'>) {
  for (const [username, shots] of Object.entries(captures.profiles))
    await writeWebpSet(OUT.profiles, username, shots.site, PROFILE_WIDTHS);
  const demoShot = captures.profiles.demo?.site;
  if (!demoShot) throw new Error('No screenshot of /u/demo');
  await writeCardRenders(captures.qrSvg, demoShot);
  await writeOgImage(demoShot);
  writeText(DRAWN_WITH_FILE, `${JSON.stringify({ pageTemplateVersion: PAGE_TEMPLATE_VERSION })}\n`);
}
