import type { Page } from '@playwright/test';
import { signedInPage, signUp, withEditorServer } from './editor-session';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';

/** 50 characters, no spaces: the preview trims a trailing space, so a space would change nothing to wait for. */
const TYPED = 'Pipe-Dreams-Plumbing-and-Heating-of-Leeds-&-Otley!';
/** Keys typed in a quick run: enough to see the preview follow, not enough for a percentile to mean much. */
const QUICK_KEYS = 5;

/**
 * Inside the page: from each keydown's timestamp to the moment a MutationObserver sees the preview's main heading
 * read what the input now holds. Both clocks are the page's own (Event.timeStamp and performance.now()).
 */
async function watchPreview(page: Page) {
  const input = await page.getByLabel('Main heading').elementHandle();
  await page.evaluate((field) => {
    const target = field as HTMLInputElement;
    const screen = document.getElementById('ed-preview-screen');
    if (!screen) throw new Error('no preview on the page');
    const samples: number[] = [];
    (window as unknown as { samples: number[] }).samples = samples;
    let pressed: number | null = null;
    target.addEventListener('keydown', (event) => {
      pressed = event.timeStamp;
    });
    new MutationObserver(() => {
      if (pressed === null) return;
      const heading = screen.querySelector('.tc-hd h2');
      if (heading?.textContent === target.value) {
        samples.push(performance.now() - pressed);
        pressed = null;
      }
    }).observe(screen, { subtree: true, childList: true, characterData: true });
  }, input);
}

/** The editor's live preview: a keystroke in the main heading until the preview's DOM shows it (issue budget 50 ms). */
export async function editorPreviewBenchmark({ quick }: BenchOptions): Promise<BenchRow[]> {
  const typed = quick ? TYPED.slice(0, QUICK_KEYS) : TYPED;
  return withEditorServer(async ({ origin, dataDir, browser }) => {
    const page = await signedInPage(browser, origin, await signUp(origin, dataDir, 'bench-editor'));
    await page.goto(`${origin}/myprofile`);
    const heading = page.getByLabel('Main heading');
    await heading.waitFor();
    await watchPreview(page);
    await heading.focus();
    for (const [index, character] of [...typed].entries()) {
      await page.keyboard.press(character);
      await page.waitForFunction(
        (count) => (window as unknown as { samples: number[] }).samples.length >= count,
        index + 1,
        { timeout: 5000 },
      );
    }
    const samples = await page.evaluate(() => (window as unknown as { samples: number[] }).samples);
    return [
      info(`editor preview update per keystroke p50 (${samples.length} keys)`, percentile(samples, 50), 'ms'),
      atMost('editor preview update per keystroke p95', percentile(samples, 95), 'ms', 50),
    ];
  });
}
