import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Captures } from '../capture';
import { OUT, SITE_HOST, WEBP_QUALITY } from '../config';
import { record, writeText } from '../output';
import { pageScreen, SCREEN } from '../phone';
import { captionsVtt, SCENE_SECONDS, sceneStart } from './captions';
import { FPS, H, W } from './compositor';
import { encode } from './encode';
import { buildKit } from './layers';
import { frameAt, makeScenes, videoSeconds } from './scenes';
import { contactScreen, lockScreen } from './screens';
import { parseVcard } from './vcard';

/** The poster: the moment the phone has read the card, caption and all. */
const POSTER_SECONDS = sceneStart(2) + SCENE_SECONDS - 0.7;

/** how-it-works.mp4, .webm, .vtt and -poster.webp, from the captured pages, the vCard and the card art. */
export async function writeVideo(captures: Captures, log: (line: string) => void): Promise<void> {
  if (!captures.scroll)
    throw new Error('The video needs the scrolling capture of /u/demo (captureAll with scroll).');
  const scroll = captures.scroll;
  const [electrician, gardener] = Object.entries(captures.profiles)
    .filter(([username]) => username !== 'demo')
    .map(([username, shots]) => pageScreen(shots.video, SCREEN.width, SCREEN.height, `/u/${username}`));
  if (!electrician || !gardener) throw new Error('The video needs the two sample tradespeople');
  const address = `${SITE_HOST}/u/demo`;
  const kit = await buildKit({
    demoPage: scroll.page,
    demoCta: scroll.cta,
    sidePhones: [await electrician, await gardener],
    lock: await lockScreen(address, false),
    lockBanner: await lockScreen(address, true),
    contact: await contactScreen(parseVcard(captures.vcard)),
  });
  const scenes = makeScenes(kit, scroll);
  const frames = Math.round(videoSeconds() * FPS);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-video-'));
  try {
    const temp = { mp4: path.join(work, 'how-it-works.mp4'), webm: path.join(work, 'how-it-works.webm') };
    await encode(frames, (index) => frameAt(scenes, index / FPS), temp);
    fs.mkdirSync(OUT.video, { recursive: true });
    for (const file of Object.values(temp)) {
      const target = path.join(OUT.video, path.basename(file));
      fs.copyFileSync(file, target);
      record(target, W, H);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  log(`video: ${frames} frames, ${videoSeconds().toFixed(1)} s`);

  const poster = path.join(OUT.video, 'how-it-works-poster.webp');
  const still = frameAt(scenes, POSTER_SECONDS);
  const info = await sharp(still, { raw: { width: W, height: H, channels: 3 } })
    .webp({ quality: WEBP_QUALITY })
    .toFile(poster);
  record(poster, info.width, info.height);
  writeText(path.join(OUT.video, 'how-it-works.vtt'), captionsVtt());
}
