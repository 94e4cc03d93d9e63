import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpThroughApi } from '../support/abuse/server';
import { signIn } from '../support/abuse/signed-in';
import { formBuffer } from '../support/api/media/streams';
import { cleanupServers, type ServerProcess, startServerProcess } from '../support/api/server-process';

// Issue 11, findings 4 and 12: a request answered 400 left 44 files (21.5 MB) in public/media, and kill -9 left
// temp files behind. Against the real server: a refused request leaves nothing, and a restart clears a crash's.

let running: ServerProcess[] = [];
afterEach(async () => {
  const servers = running;
  running = [];
  await cleanupServers(servers);
});

const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

async function noisyJpeg(seed: number) {
  const pixels = Buffer.alloc(1200 * 900 * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = ((i + seed) * 2654435761) >>> 24;
  return new Uint8Array(
    await sharp(pixels, { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
}

/** Waits up to 10 s for `done`. */
async function until(done: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A photo upload sent half-way and held there, once the server has its temp file on disk. */
async function halfUploaded(server: ServerProcess, session: Record<string, string>, seed: number) {
  const jpeg = await noisyJpeg(seed);
  const form = await formBuffer([{ name: 'works', filename: 'a.jpg', head: jpeg, size: jpeg.length }]);
  const request = http.request(`${server.url}/api/business-card/create_business_card`, {
    method: 'POST',
    headers: { ...session, 'content-type': form.contentType, 'content-length': form.body.length },
  });
  request.on('error', () => {});
  request.write(form.body.subarray(0, form.body.length / 2));
  const tempDir = path.join(server.dataDir, 'tmp');
  await until(() => list(tempDir).length > 0);
  expect(list(tempDir).length).toBe(1);
  return { request, tempDir };
}

describe('refused uploads against the real server', () => {
  it('a request refused for its last photo leaves no file in public/media or the temp folder', async () => {
    const server = await startServerProcess({});
    running.push(server);
    const session = await signIn(
      server,
      await signUpThroughApi(server, 'dana', 'Plumber2026'),
      'Plumber2026',
    );
    const parts = [{ name: 'full_name', value: 'Dana Pipe' }];
    const photos = [];
    for (let i = 0; i < 9; i++) {
      const jpeg = await noisyJpeg(i);
      photos.push({ name: 'works', filename: `${i}.jpg`, head: jpeg, size: jpeg.length });
    }
    const fake = new TextEncoder().encode('GIF89a but not really');
    const form = await formBuffer([
      ...parts,
      ...photos,
      { name: 'works', filename: 'x.jpg', head: fake, size: fake.length },
    ]);
    const response = await fetch(`${server.url}/api/business-card/create_business_card`, {
      method: 'POST',
      headers: { ...session, 'content-type': form.contentType },
      body: form.body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /^Work image 10 is not a photo we can read/,
    );
    expect(list(path.join(server.dataDir, 'public', 'media'))).toEqual([]);
    expect(list(path.join(server.dataDir, 'tmp'))).toEqual([]);
  }, 60_000);

  it('an upload the client abandons half-way leaves nothing', async () => {
    const server = await startServerProcess({});
    running.push(server);
    const session = await signIn(
      server,
      await signUpThroughApi(server, 'dana', 'Plumber2026'),
      'Plumber2026',
    );
    const { request, tempDir } = await halfUploaded(server, session, 2);
    request.destroy();
    await until(() => list(tempDir).length === 0);
    expect(list(tempDir)).toEqual([]);
    expect(list(path.join(server.dataDir, 'public', 'media'))).toEqual([]);
  }, 60_000);

  it('a server killed mid-upload leaves a temp file that the next start removes', async () => {
    const first = await startServerProcess({});
    running.push(first);
    const session = await signIn(first, await signUpThroughApi(first, 'dana', 'Plumber2026'), 'Plumber2026');
    const { request, tempDir } = await halfUploaded(first, session, 1);
    await first.stop('SIGKILL');
    request.destroy();
    expect(list(tempDir).length).toBe(1);

    const second = await startServerProcess({ dataDir: first.dataDir });
    running.push(second);
    expect(list(tempDir)).toEqual([]);
  }, 60_000);
});
