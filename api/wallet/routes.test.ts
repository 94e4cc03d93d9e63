import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catchUp } from '../../renderer/projector';
import { createTestApp } from '../../tests/support/api/app';
import { makeTestWallet, type TestWallet } from '../../tests/support/wallet/certificates';
import { readZip } from '../../tests/support/zip';
import { endDueTrials } from '../accounts/scheduler';
import { loadWalletSigner, type WalletSigner } from './signer';

let wallet: TestWallet;
let signer: WalletSigner;
beforeAll(() => {
  wallet = makeTestWallet();
  signer = loadWalletSigner(wallet.settings);
});
afterAll(() => {
  fs.rmSync(wallet.dir, { recursive: true, force: true });
});

let t: Awaited<ReturnType<typeof createTestApp>>;
afterEach(async () => {
  await t?.close();
});

const DAY_MS = 24 * 3600 * 1000;

async function avatarFile() {
  const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(jpeg)], 'me.jpg');
}

/** Dana's card published (with a photo unless told otherwise) and rendered, as the projector would. */
async function publish(token: string, fields: Record<string, string> = {}, withAvatar = true) {
  const entries: [string, string | File][] = Object.entries({
    full_name: 'Dana Pipe',
    business_card_name: 'Pipe & Sons',
    job_title: 'Plumber',
    phone_number: '0117 496 0456',
    contact_email: 'hello@danapipe.example',
    button_bg_color: '#1E2A38',
    ...fields,
  });
  if (withAvatar) entries.push(['avatar', await avatarFile()]);
  const published = await t.publishForm(token, entries);
  expect(published.status).toBe(200);
  await catchUp(t.db, t.renderTarget);
}

const download = (url = '/u/dana/card.pkpass', headers: Record<string, string> = {}) =>
  t.app.request(url, { headers });

const passFiles = async (response: Response) => {
  expect(response.status).toBe(200);
  return readZip(Buffer.from(await response.arrayBuffer()));
};

/** What Wallet checks: the signature is PKCS#7, detached, over manifest.json, by a certificate the WWDR one issued. */
function verifySignature(files: Map<string, Buffer>) {
  const dir = fs.mkdtempSync(path.join(wallet.dir, 'pass-'));
  fs.writeFileSync(path.join(dir, 'signature'), files.get('signature') as Buffer);
  fs.writeFileSync(path.join(dir, 'manifest.json'), files.get('manifest.json') as Buffer);
  // openssl exits non-zero (execFileSync throws) unless the signature verifies and chains to the authority.
  execFileSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'manifest.json',
      '-CAfile',
      wallet.wwdrCert,
      '-purpose',
      'any',
      '-out',
      '/dev/null',
    ],
    { cwd: dir, stdio: 'pipe' },
  );
}

const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

describe('GET /u/<username>/card.pkpass with Apple Wallet configured', () => {
  it('is the card as a signed generic pass: name, trade and phone, and the page’s QR address as its code', async () => {
    t = await createTestApp({ wallet: signer });
    await publish(await t.signUp('dana'));

    const response = await download();
    expect(response.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="dana-card.pkpass"');
    expect(response.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{32}"$/);
    const files = await passFiles(response);

    const pass = JSON.parse((files.get('pass.json') as Buffer).toString('utf8'));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: 'pass.test.tradecard.card',
      teamIdentifier: 'TEST123456',
      organizationName: 'TradeCard',
      description: 'Business card: Dana Pipe',
      logoText: 'Pipe & Sons',
      backgroundColor: 'rgb(30, 42, 56)',
      foregroundColor: 'rgb(255, 255, 255)',
      barcodes: [
        {
          format: 'PKBarcodeFormatQR',
          message: 'https://tradecard.test/q/dana',
          messageEncoding: 'iso-8859-1',
        },
      ],
    });
    expect(pass.serialNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(pass.generic.primaryFields).toEqual([{ key: 'name', label: 'Name', value: 'Dana Pipe' }]);
    expect(pass.generic.secondaryFields).toEqual([
      { key: 'trade', label: 'Trade', value: 'Plumber' },
      { key: 'phone', label: 'Phone', value: '0117 496 0456' },
    ]);
    expect(pass.generic.backFields.map((field: { value: string }) => field.value)).toEqual([
      '0117 496 0456',
      'hello@danapipe.example',
      'https://tradecard.test/u/dana',
    ]);

    // Every file but the manifest and signature is in the manifest, by its SHA-1; nothing else is.
    const manifest = JSON.parse((files.get('manifest.json') as Buffer).toString('utf8'));
    const listed = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const name of listed) expect(manifest[name], name).toBe(sha1(files.get(name) as Buffer));
    verifySignature(files);

    // The owner's photo as the icon at each scale, and round as the logo.
    for (const [name, size] of [
      ['icon.png', 29],
      ['icon@2x.png', 58],
      ['icon@3x.png', 87],
      ['logo.png', 50],
      ['logo@2x.png', 100],
    ] as const) {
      const meta = await sharp(files.get(name)).metadata();
      expect([name, meta.format, meta.width, meta.height]).toEqual([name, 'png', size, size]);
    }
    const logo = await sharp(files.get('logo@2x.png')).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => logo.data[(y * logo.info.width + x) * logo.info.channels + 3];
    expect([alphaAt(0, 0), alphaAt(50, 50)]).toEqual([0, 255]);
  });

  it('is refused by the check when a byte of the manifest changes: the verification above can fail', async () => {
    t = await createTestApp({ wallet: signer });
    await publish(await t.signUp('dana'));
    const files = await passFiles(await download());
    const manifest = files.get('manifest.json') as Buffer;
    files.set('manifest.json', Buffer.concat([manifest.subarray(0, -1), Buffer.from(' }')]));
    expect(() => verifySignature(files)).toThrow();
  });

  it('signs a card once: the same pass again, a 304 for the ETag held, a new pass once the card changes', async () => {
    t = await createTestApp({ wallet: signer });
    const token = await t.signUp('dana');
    await publish(token);

    const first = await download();
    const etag = first.headers.get('etag') as string;
    const bytes = Buffer.from(await first.arrayBuffer());
    // A minute on: signed again, its signing time (and so its bytes) would differ.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      const again = await download('/u/DANA/card.pkpass');
      expect(again.headers.get('etag')).toBe(etag);
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      vi.useRealTimers();
    }

    const held = await download('/u/dana/card.pkpass', { 'if-none-match': etag });
    expect(held.status).toBe(304);
    expect(await held.text()).toBe('');

    await publish(token, { phone_number: '07700 900123' });
    const changed = await download('/u/dana/card.pkpass', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const pass = JSON.parse(((await passFiles(changed)).get('pass.json') as Buffer).toString('utf8'));
    expect(pass.generic.secondaryFields[1].value).toBe('07700 900123');
    // The same pass in Wallet, updated: its serial number stays the account's.
    const before = JSON.parse((readZip(bytes).get('pass.json') as Buffer).toString('utf8'));
    expect(pass.serialNumber).toBe(before.serialNumber);
  });

  it('gives a card without a photo plain icons in its colour and no logo, and names it by its business', async () => {
    t = await createTestApp({ wallet: signer });
    await publish(
      await t.signUp('dana'),
      {
        full_name: '',
        job_title: '',
        phone_number: '',
        button_bg_color: '#F47629',
        // White on this orange is 2.9:1: the pass, like the page, turns it black.
        button_text_color: 'white',
      },
      false,
    );
    const files = await passFiles(await download());
    const pass = JSON.parse((files.get('pass.json') as Buffer).toString('utf8'));
    expect(pass.generic.primaryFields[0].value).toBe('Pipe & Sons');
    expect(pass.logoText).toBeUndefined();
    expect(pass.generic.secondaryFields).toEqual([]);
    expect(pass.foregroundColor).toBe('rgb(0, 0, 0)');
    expect([...files.keys()].filter((name) => name.endsWith('.png')).sort()).toEqual([
      'icon.png',
      'icon@2x.png',
      'icon@3x.png',
    ]);
    const { dominant } = await sharp(files.get('icon@3x.png')).stats();
    expect(dominant).toEqual({ r: 248, g: 120, b: 40 });
  });

  // walletPassesPerAddress: 20 free, the 21st starts a wait.
  it('signs only so many new passes for one address; passes already built stay free', async () => {
    t = await createTestApp({ wallet: signer });
    const token = await t.signUp('dana');
    const from = { 'x-forwarded-for': '203.0.113.7' };
    for (let edit = 0; edit <= 20; edit += 1) {
      await publish(token, { job_title: `Plumber ${edit}` }, false);
      expect((await download('/u/dana/card.pkpass', from)).status).toBe(200);
    }
    expect((await download('/u/dana/card.pkpass', from)).status).toBe(200);
    await publish(token, { job_title: 'Plumber 22' }, false);
    const refused = await download('/u/dana/card.pkpass', from);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(
      /^Too many Wallet passes from your connection just now\. Please try again in /,
    );
    // Someone else is not held back by it.
    expect((await download('/u/dana/card.pkpass', { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
  });

  it('is a 404 for a name nobody holds, a card not yet published, and a page taken down', async () => {
    t = await createTestApp({ wallet: signer });
    const notFound = async (url: string) => {
      const response = await download(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return ((await response.json()) as { error: string }).error;
    };
    const message =
      'There is no business card at this address. Check the link, or scan the card’s QR code again.';
    expect(await notFound('/u/nobody/card.pkpass')).toBe(message);
    expect(await notFound('/u/no%20body/card.pkpass')).toBe(message);

    const token = await t.signUp('dana');
    expect(await notFound('/u/dana/card.pkpass')).toBe(message);

    await publish(token);
    expect((await download()).status).toBe(200);
    // The trial runs out: the page goes down, and its pass with it.
    t.advance(31 * DAY_MS);
    expect(await endDueTrials(t.deps)).toBe(1);
    expect(await notFound('/u/dana/card.pkpass')).toBe(message);
  });

  it('is offered on the live page, a plain link beside it', async () => {
    t = await createTestApp({ wallet: signer });
    await publish(await t.signUp('dana'));
    const page = await (await t.app.request('/u/dana')).text();
    expect(page).toContain('<a class="tc-wl" href="/u/dana/card.pkpass">Add to Apple Wallet</a>');
  });
});

describe('GET /u/<username>/card.pkpass without Apple Wallet configured', () => {
  it('is a 404 saying so, and the page offers no pass', async () => {
    t = await createTestApp();
    await publish(await t.signUp('dana'));
    const response = await download();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error:
        'This site does not offer Apple Wallet passes. Use Save My Number on the page to keep the contact instead.',
    });
    const page = await (await t.app.request('/u/dana')).text();
    expect(page).toContain('Save My Number');
    expect(page).not.toContain('card.pkpass');
  });
});
