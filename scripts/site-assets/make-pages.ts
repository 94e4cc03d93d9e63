import { captureAll } from './capture';
import { writtenFiles } from './output';
import { writePagePictures } from './pages';

/**
 * The pictures of profile pages only (the home page's phones, the card renders, the share image), drawn again from
 * the real renderer after the page template changes; without the video, fonts and icons make.ts also makes:
 *
 *   npx tsx scripts/site-assets/make-pages.ts
 */
const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);
await writePagePictures(await captureAll(log, { scroll: false }));
for (const file of writtenFiles()) console.log(`  ${file.file}  ${file.bytes} B`);
log('done');
