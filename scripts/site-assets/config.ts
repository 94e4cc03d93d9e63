import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, where the server runs and the outputs live. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const OUT = {
  public: path.join(REPO_ROOT, 'site/public'),
  profiles: path.join(REPO_ROOT, 'site/public/images/profiles'),
  card: path.join(REPO_ROOT, 'site/public/images/card'),
  images: path.join(REPO_ROOT, 'site/public/images'),
  video: path.join(REPO_ROOT, 'site/public/video'),
};

/**
 * The address the sample pages claim to live at: it is what the QR codes encode, what the vCards carry, and what
 * the video's address bar shows. A reserved example domain until the real one is settled; change it here and
 * re-run to redraw every asset with it.
 */
export const SITE_ORIGIN = 'https://tradecard.example';
export const SITE_HOST = new URL(SITE_ORIGIN).host;

export const BRAND = {
  orange: '#F47629',
  ink: '#1F2933',
  muted: '#52606D',
  paper: '#FFF8F2',
  line: '#E4E7EB',
};

/** Text inside SVGs rendered by sharp: a font every Debian has, so the pictures come out the same everywhere. */
export const SVG_FONT = "'DejaVu Sans', sans-serif";

/** Phone screenshots for the site: the viewport of a common phone, at 2× so the 780 px files are sharp. */
export const PHONE = { width: 390, height: 844, scale: 2 };

export const WEBP_QUALITY = 78;
/**
 * AVIF beside each WebP of a set: about half its bytes at the same look on these pictures (issue 29: the home page
 * ≤ 120 KB; a 780 px page screenshot 49 KB as WebP, 27 KB as AVIF).
 */
export const AVIF_QUALITY = 45;

export const CHROMIUM = '/usr/bin/chromium';
