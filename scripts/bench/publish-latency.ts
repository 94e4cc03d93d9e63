import fs from 'node:fs';
import path from 'node:path';
import type { CardContent } from '../../events/card/content';
import { profileDir } from '../../renderer/render-account';
import { sampleCardFields } from '../../renderer/sample/sample-card';
import { demoPhotosFor, photoFields, startDemoApp } from './demo-app';
import { atMost, type BenchOptions, type BenchRow, info } from './report';
import { percentile } from './stats';

const TIMED_PUBLISHES = { full: 200, quick: 20 };
const USERNAME = 'latency';

/** The save payload the editor sends (SPEC §5), with the demo's stored photos as addresses and a bio of our own. */
function payload(images: CardContent, bio: string) {
  return JSON.stringify({
    ...sampleCardFields,
    full_name: 'Lee Latency',
    bio,
    ...photoFields(images),
  });
}

/**
 * Publish → page on disk, through the whole app (HTTP handler, command, inline read models) and a real projector
 * nudged by the commit as in api/server.ts: from the request's start until index.html on disk holds the new bio,
 * which the publish writes before it answers.
 */
export async function publishLatency({ quick }: BenchOptions): Promise<BenchRow[]> {
  const timedPublishes = quick ? TIMED_PUBLISHES.quick : TIMED_PUBLISHES.full;
  // The demo's real photos (in this app's media folder), so each page has images, srcsets and a vCard photo.
  const { test, projector, close } = await startDemoApp();
  try {
    const token = await test.signUp(USERNAME);
    const images = await demoPhotosFor(test, USERNAME);
    const page = path.join(profileDir(test.deps.publicDir, USERNAME), 'index.html');

    const publish = async (bio: string) => {
      const response = await test.app.request('/api/business-card/create_business_card', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: payload(images, bio),
      });
      if (response.status !== 200)
        throw new Error(`publish failed: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      // The publish writes its own page before it answers (issue 29): on disk already, not after the projector.
      if (!fs.readFileSync(page, 'utf8').includes(bio)) throw new Error(`${page} does not show "${bio}"`);
    };

    // The first publish also starts the trial and writes the QR codes; later ones are the everyday case.
    await publish('First version of the bio.');
    const times: number[] = [];
    for (let i = 0; i < timedPublishes; i++) {
      const started = performance.now();
      await publish(`Bio revision number ${i}: fitted bathrooms and wet rooms across Bristol since 2009.`);
      times.push(performance.now() - started);
      // The projector renders the account again (nothing changes); each publish starts with it done.
      await projector.idle();
    }
    return [
      info(`publish → page on disk p50 (${timedPublishes} publishes)`, percentile(times, 50), 'ms'),
      atMost('publish → page on disk p95', percentile(times, 95), 'ms', 50),
    ];
  } finally {
    await close();
  }
}
