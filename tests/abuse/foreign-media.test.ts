import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../support/abuse/server';
import { callJson, type Session, signIn } from '../support/abuse/signed-in';
import { formBuffer } from '../support/api/media/streams';
import { type ServerProcess, startServerProcess } from '../support/api/server-process';

// Issue 11, finding 5: another user put the address of someone's photo in their own card, so after the owner
// deleted their account the photo was still served. Against the real server: the copy is refused, and erasure
// leaves the photo's address answering 404.

let server: ServerProcess & { url: string };
beforeAll(async () => {
  server = await startServerProcess({});
}, 60_000);
afterAll(async () => {
  await server.cleanup();
});

const CARD = '/api/business-card/create_business_card';

async function publishPhoto(session: Session) {
  const photo = new Uint8Array(
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a05020' } })
      .jpeg()
      .toBuffer(),
  );
  const form = await formBuffer([
    { name: 'full_name', value: 'Erin Sparks' },
    { name: 'works', filename: 'kitchen.jpg', head: photo, size: photo.length },
  ]);
  const response = await fetch(`${server.url}${CARD}`, {
    method: 'POST',
    headers: { ...session, 'content-type': form.contentType },
    body: form.body,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { works: string[] } }).data.works[0] as string;
}

describe("someone else's photo", () => {
  it('is refused in a card, and is gone once its owner deletes their account', async () => {
    const erin = await signIn(server, await signUpThroughApi(server, 'erin', 'Plumber2026'), 'Plumber2026');
    const mallory = await signIn(
      server,
      await signUpThroughApi(server, 'mallory', 'Plumber2026'),
      'Plumber2026',
    );
    const url = await publishPhoto(erin);
    const address = new URL(url, server.url).pathname;
    expect((await fetch(`${server.url}${address}`)).status).toBe(200);

    const copied = await callJson(
      server,
      'POST',
      CARD,
      { fullName: 'Mallory', existingWorks: [url] },
      mallory,
    );
    expect(copied).toMatchObject({
      status: 400,
      body: { error: 'Work image 1 must be a photo you uploaded yourself.' },
    });
    const asCover = await callJson(server, 'POST', CARD, { fullName: 'Mallory', coverPhoto: url }, mallory);
    expect(asCover).toMatchObject({
      status: 400,
      body: { error: 'Cover photo must be a photo you uploaded yourself.' },
    });

    expect((await callJson(server, 'DELETE', '/api/profile', undefined, erin)).status).toBe(200);
    expect((await fetch(`${server.url}${address}`)).status).toBe(404);
  }, 60_000);
});
