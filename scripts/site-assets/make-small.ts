import { writeFonts } from './fonts';
import { writeIcons } from './icons';
import { writtenFiles } from './output';

/**
 * The icons and the cut fonts only, without the server, Chromium or ffmpeg that make.ts needs for the rest:
 *
 *   npx tsx scripts/site-assets/make-small.ts
 */
await writeIcons();
writeFonts();
for (const file of writtenFiles()) console.log(`  ${file.file}  ${file.bytes} B`);
