import { captureAll } from './capture';
import { writeFonts } from './fonts';
import { writeIcons } from './icons';
import { writtenFiles } from './output';
import { writePagePictures } from './pages';
import { writeVideo } from './video/make-video';

/**
 * Makes the site's images and the "How it works" video from the product itself: starts the real server on a temp
 * folder, publishes the sample tradespeople through the API, screenshots their pages in Chromium, draws the NFC
 * card, encodes the video with ffmpeg and cuts the fonts (fontTools). The outputs are committed, so building the
 * site needs none of this.
 *
 *   npx tsx scripts/site-assets/make.ts
 */
const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);

const captures = await captureAll(log);
await writePagePictures(captures);
log('profile screenshots, card renders and share image written');

await writeIcons();
writeFonts();
log('icons and fonts written');

await writeVideo(captures, log);

const size = (width: number | null, height: number | null) => (width && height ? `${width}×${height}` : '');
const rows = writtenFiles().map((file) => [file.file, size(file.width, file.height), `${file.bytes}`]);
const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
for (const row of rows)
  console.log(
    `  ${(row[0] ?? '').padEnd(widths[0] ?? 0)}  ${(row[1] ?? '').padEnd(widths[1] ?? 0)}  ${(row[2] ?? '').padStart(widths[2] ?? 0)} B`,
  );
log(`done: ${rows.length} files`);
