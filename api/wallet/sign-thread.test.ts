import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCardContent } from '../../events/card/content';
import { makeTestWallet, type TestWallet } from '../../tests/support/wallet/certificates';
import { readZip } from '../../tests/support/zip';
import { cardPassJson, plainImages } from './pass';
import { createPassSigner, SignerBusy } from './sign-thread';
import { loadWalletSigner, type WalletSigner } from './signer';

let wallet: TestWallet;
let signer: WalletSigner;
beforeAll(() => {
  wallet = makeTestWallet();
  signer = loadWalletSigner(wallet.settings);
});
afterAll(() => fs.rmSync(wallet.dir, { recursive: true, force: true }));

const json = () =>
  cardPassJson({
    signer,
    accountId: 'a1',
    username: 'dana',
    content: { ...defaultCardContent(), full_name: 'Dana Pipe' },
    publicUrl: 'https://tradecard.example',
    siteName: 'TradeCard',
  });

describe('the pass signing thread', () => {
  it('signs off the event loop: timers keep firing while passes are signed', async () => {
    const signing = createPassSigner({ maxWaiting: 10, idleMs: 1000 });
    try {
      const images = await plainImages('#F47629');
      await signing.sign(signer.certificates, json(), images); // the thread's start-up, not measured
      let ticks = 0;
      const ticking = setInterval(() => {
        ticks += 1;
      }, 1);
      const passes = await Promise.all(
        Array.from({ length: 6 }, () => signing.sign(signer.certificates, json(), images)),
      );
      clearInterval(ticking);
      for (const pass of passes) expect(readZip(pass).has('signature')).toBe(true);
      // Signed on the loop, six passes (~300 ms) would run back to back with no timer between them; on the thread,
      // the loop's timers run all along. Counted, not timed, so a slow machine doesn't make it flaky.
      expect(ticks).toBeGreaterThan(6);
    } finally {
      signing.close();
    }
  });

  it('refuses work beyond its queue rather than piling it up', async () => {
    const signing = createPassSigner({ maxWaiting: 2, idleMs: 1000 });
    try {
      const images = await plainImages('#F47629');
      const first = signing.sign(signer.certificates, json(), images);
      const second = signing.sign(signer.certificates, json(), images);
      await expect(signing.sign(signer.certificates, json(), images)).rejects.toBeInstanceOf(SignerBusy);
      await Promise.all([first, second]);
      await expect(signing.sign(signer.certificates, json(), images)).resolves.toBeInstanceOf(Buffer);
    } finally {
      signing.close();
    }
  });

  it('passes a signing failure back as an error', async () => {
    const signing = createPassSigner({ maxWaiting: 2, idleMs: 1000 });
    try {
      const broken = { ...signer.certificates, signerKey: 'not a key' };
      await expect(signing.sign(broken, json(), await plainImages('#F47629'))).rejects.toThrow();
    } finally {
      signing.close();
    }
  });
});
