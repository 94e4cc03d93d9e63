import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { jpegFile } from '../../tests/support/api/media/images';
import { LOGO_NOT_OURS, LOGO_NOT_YOURS } from '../firms/firms';
import { deleteUnusedMedia } from '../media/erase';
import { sweepMedia } from '../media/sweep';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const WEEKS = 4 * 7 * 24 * 3600_000;

/** A photo uploaded as the editor uploads one; its address and sizes. */
async function uploadPhoto(token: string) {
  const form = new FormData();
  form.append('photo', await jpegFile('#0a5c36', 600, 300));
  const response = await t.app.request('/api/business-card/photos', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { url: string; media: { id: string } } }).data;
}

/** Dana's firm with Sam in it, both pages live. */
async function firmWithSam() {
  const dana = await t.signUp('dana');
  const sam = await t.signUp('sam');
  for (const [token, name] of [
    [dana, 'Dana Pipe'],
    [sam, 'Sam Fitter'],
  ] as const)
    await t.call(
      'POST',
      '/api/business-card/create_business_card',
      { full_name: name, phone_number: '0117 496 0456' },
      token,
    );
  const firmId = (await t.call('POST', '/api/firms', { name: 'Pipe & Sons' }, dana)).body.data.id as string;
  await t.call('POST', `/api/firms/${firmId}/invites`, { email: 'sam@example.com' }, dana);
  const invitation = /\/join\/([^\s"<]+)/.exec((await t.lastMailTo('sam@example.com')).text ?? '')?.[1] ?? '';
  expect((await t.call('POST', `/api/firms/join/${decodeURIComponent(invitation)}`, {}, sam)).status).toBe(
    200,
  );
  return { dana, sam, firmId };
}

const page = async (address: string) => {
  await catchUp(t.db, t.renderTarget);
  return (await t.app.request(address)).text();
};

describe('a firm’s logo (issue 32)', () => {
  it('heads the firm’s page and every member’s page names the firm with it', async () => {
    const { dana, firmId } = await firmWithSam();
    const { url, media } = await uploadPhoto(dana);

    const saved = await t.call('PUT', `/api/firms/${firmId}/logo`, { url }, dana);

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.logo).toMatchObject({ url, media: { id: media.id } });
    const firmPage = await page('/f/pipe-and-sons');
    expect(firmPage).toContain(`alt="Pipe &amp; Sons logo"`);
    expect(firmPage).toContain(`/media/${media.id}-`);
    const samsPage = await page('/u/sam');
    expect(samsPage).toContain('href="https://tradecard.test/f/pipe-and-sons"');
    expect(samsPage).toContain('Part of Pipe &amp; Sons');
    expect(samsPage).toContain(`/media/${media.id}-`);

    // Neither a card's clean-up nor the sweep takes it, though no card shows it.
    expect(await deleteUnusedMedia(t.db, t.deps.storage, new Set([media.id]))).toBe(0);
    await sweepMedia(t.deps.db, t.deps.storage, new Date(t.deps.now().getTime() + WEEKS));
    const stored = path.join(t.deps.publicDir, 'media', media.id.slice(0, 2));
    expect(fs.readdirSync(stored).some((name) => name.startsWith(media.id))).toBe(true);

    const off = await t.call('DELETE', `/api/firms/${firmId}/logo`, undefined, dana);
    expect(off.body.data.logo).toBeNull();
    expect(await page('/f/pipe-and-sons')).not.toContain('logo"');
    expect(await page('/u/sam')).toContain('Part of Pipe &amp; Sons');
  });

  it('is a photo the admin uploaded, set by the admin alone', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    const samsPhoto = await uploadPhoto(sam);

    const byMember = await t.call('PUT', `/api/firms/${firmId}/logo`, { url: samsPhoto.url }, sam);
    expect(byMember.status).toBe(403);
    const notYours = await t.call('PUT', `/api/firms/${firmId}/logo`, { url: samsPhoto.url }, dana);
    expect(notYours).toMatchObject({ status: 400, body: { error: LOGO_NOT_YOURS } });
    const elsewhere = await t.call(
      'PUT',
      `/api/firms/${firmId}/logo`,
      { url: 'https://evil.test/logo.png' },
      dana,
    );
    expect(elsewhere).toMatchObject({ status: 400, body: { error: LOGO_NOT_OURS } });
    expect((await t.call('GET', '/api/firms/mine', undefined, dana)).body.data.logo).toBeNull();
  });

  it('comes off with its uploader’s account, whose photos go with it', async () => {
    const { dana, sam, firmId } = await firmWithSam();
    const { url } = await uploadPhoto(dana);
    await t.call('PUT', `/api/firms/${firmId}/logo`, { url }, dana);

    const deleted = await t.call('DELETE', '/api/profile', undefined, dana);

    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const firm = (await t.call('GET', '/api/firms/mine', undefined, sam)).body.data;
    expect(firm).toMatchObject({ youAreAdmin: true, logo: null });
    expect(await page('/f/pipe-and-sons')).not.toContain('logo"');
  });
});
