import { publishPerson } from './api-client';
import { electrician, gardener } from './people';
import { launchBrowser, type ProfileShots, type ScrollShots, shootProfile, shootScroll } from './screenshots';
import { startServer } from './server';

/** Everything the pictures are made from, taken from the running product. */
export type Captures = {
  /** Screenshots by username, the demo first. */
  profiles: Record<string, ProfileShots>;
  /** The video's scrolling capture of the demo; null when asked for the pictures of pages alone. */
  scroll: ScrollShots | null;
  /** The demo's QR code (qr.svg) and vCard (contact.vcf), as the server draws them. */
  qrSvg: string;
  vcard: string;
};

export const DEMO = 'demo';

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** Starts the server on a temp folder, publishes the sample people, screenshots every profile, then stops it. */
export async function captureAll(
  log: (line: string) => void,
  options: { scroll?: boolean } = {},
): Promise<Captures> {
  const server = await startServer();
  log(`server up at ${server.origin} (DATA_DIR ${server.dataDir}), /u/${DEMO} seeded`);
  try {
    const people = [await electrician(), await gardener()];
    for (const person of people) {
      await publishPerson(server, person);
      log(`published /u/${person.username}`);
    }
    const browser = await launchBrowser();
    try {
      const profiles: Record<string, ProfileShots> = {};
      for (const username of [DEMO, ...people.map((person) => person.username)])
        profiles[username] = await shootProfile(browser, `${server.origin}/u/${username}`);
      // The scrolling capture is the video's: the pictures of pages alone don't need it.
      const scroll =
        options.scroll === false ? null : await shootScroll(browser, `${server.origin}/u/${DEMO}`);
      log(`screenshots taken: ${Object.keys(profiles).join(', ')}`);
      return {
        profiles,
        scroll,
        qrSvg: await fetchText(`${server.origin}/u/${DEMO}/qr.svg`),
        vcard: await fetchText(`${server.origin}/u/${DEMO}/contact.vcf`),
      };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }
}
