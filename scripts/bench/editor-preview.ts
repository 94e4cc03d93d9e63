import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { sentTo, waitForMail } from '../../tests/support/api/mail/outbox';
import { REPO_ROOT, startTsChild } from './child-process';
import { childEnv } from './env';
import { atMost, type BenchRow, info } from './report';
import { percentile } from './stats';

const CHROMIUM = '/usr/bin/chromium';
/** Its own port, so it can't meet the Lighthouse run's server or the journeys'. */
const PORT = 3972;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const START_TIMEOUT_MS = 60_000;
/** 50 characters, no spaces: the preview trims a trailing space, so a space would change nothing to wait for. */
const TYPED = 'Pipe-Dreams-Plumbing-and-Heating-of-Leeds-&-Otley!';
const EMAIL = 'bench-editor@example.com';
const PASSWORD = 'Plumber2026';

/** The site as `npm start` builds it, for this origin. */
function buildSite() {
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/.bin/astro'), 'build', '--root', 'site'],
    { cwd: REPO_ROOT, env: childEnv({ PUBLIC_URL: ORIGIN, CHAT_WIDGET_SRC: '' }), stdio: 'ignore' },
  );
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/compress-site.ts'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
  });
}

async function post(route: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${ORIGIN}/api${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${route} answered ${response.status}: ${JSON.stringify(data)}`);
  return data;
}

/** The session cookie's name on plain http (api/auth/session-cookie.ts). */
const SESSION_COOKIE = 'tc_session';

/** Registers, verifies with the code from the server's outbox, and logs in, as a newcomer would. */
async function signUp(dataDir: string): Promise<{ token: string; user: unknown }> {
  await post('/register', {
    name: 'Bench Editor',
    email: EMAIL,
    username: 'bench-editor',
    password: PASSWORD,
  });
  // Sent just after the request commits: wait for it rather than looking once.
  const mail = await waitForMail(path.join(dataDir, 'outbox'), (m) => sentTo(m, EMAIL));
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no verification code in the outbox');
  await post('/verify-email', { email: EMAIL, code });
  const { token, user } = await post('/login', { email: EMAIL, password: PASSWORD });
  if (typeof token !== 'string') throw new Error('login gave no token');
  return { token, user };
}

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
export async function editorPreviewBenchmark(): Promise<BenchRow[]> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`The editor benchmark needs Debian's Chromium at ${CHROMIUM}`);
  buildSite();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-bench-editor-'));
  const server = startTsChild('api/server.ts', {
    DATA_DIR: dataDir,
    PORT: String(PORT),
    PUBLIC_URL: ORIGIN,
    SEED_DEMO: 'false',
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    await server.waitFor(/TradeCard is running/, START_TIMEOUT_MS);
    const { token, user } = await signUp(dataDir);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    // Signed in as the login form leaves a browser (ADR 015): the HttpOnly cookie and the user's display copy.
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: ORIGIN }]);
    await context.addInitScript((value) => localStorage.setItem('authUser', value), JSON.stringify(user));
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/myprofile`);
    const heading = page.getByLabel('Main heading');
    await heading.waitFor();
    await watchPreview(page);
    await heading.focus();
    for (const [index, character] of [...TYPED].entries()) {
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
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
