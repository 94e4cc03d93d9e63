import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { liveDomainOf } from '../../events/domain/domains-read-model';
import { attachment, PAGE_CACHE } from '../../platform/storage/key-layout';
import { addressForLimits } from '../auth/client-address';
import { waitInWords } from '../auth/mail-limits';
import { recordAttempt, refuseWhileThrottled, walletPassesPerAddress } from '../auth/throttle';
import { findPublicPage } from '../cards/public-page';
import type { Deps } from '../deps';
import { notModified } from '../static/negotiate';
import { sizedLru } from '../static/sized-lru';
import { cardPassJson, passImages } from './pass';
import { createPassSigner, SignerBusy } from './sign-thread';

const PKPASS_TYPE = 'application/vnd.apple.pkpass';

/** Passes waiting for the signing thread (~50 ms each): beyond this, a burst of first downloads is told to retry. */
const MAX_WAITING_TO_SIGN = 20;

/** A pass is 10 to 40 KB: room for a few hundred cards' passes. */
const PASS_CACHE_BYTES = 8 * 1024 * 1024;

/**
 * GET /u/<username>/card.pkpass: the card as an Apple Wallet pass (ADR 030), for a live page only. Built on
 * request and kept by a hash of everything it is made of, so a card downloaded again is not signed again; that
 * hash is its ETag, so a client holding the current pass gets a 304 without one being built or read.
 */
export function walletPassRoutes(deps: Deps, siteName: string) {
  const passes = sizedLru<{ bytes: number; body: Buffer }>(PASS_CACHE_BYTES);
  const signing = createPassSigner({ maxWaiting: MAX_WAITING_TO_SIGN, idleMs: 60_000 });
  return new Hono().get('/u/:username/card.pkpass', async (c) => {
    const notFound = (error: string) => c.json({ error }, 404, { 'Cache-Control': 'no-store' });
    const signer = deps.wallet;
    if (!signer)
      return notFound(
        'This site does not offer Apple Wallet passes. Use Save My Number on the page to keep the contact instead.',
      );
    const username = c.req.param('username').toLowerCase();
    const found = await findPublicPage(deps.db, username);
    const card = found.kind === 'live' ? { accountId: found.user.id, content: found.content } : null;
    if (!card)
      return notFound(
        'There is no business card at this address. Check the link, or scan the card’s QR code again.',
      );

    const domain = await liveDomainOf(deps.db, card.accountId);
    const json = cardPassJson({ signer, username, ...card, publicUrl: deps.publicUrl, siteName, domain });
    const key = createHash('sha256')
      .update(JSON.stringify([json, card.content.avatar?.id ?? null, signer.fingerprint]))
      .digest('hex');
    // Weak: the same pass signed again (evicted, or on another instance) has another signing time, so other bytes.
    const etag = `W/"${key.slice(0, 32)}"`;
    const headers = {
      'Cache-Control': PAGE_CACHE,
      ETag: etag,
      'Content-Disposition': attachment(username, 'card.pkpass'),
      'X-Content-Type-Options': 'nosniff',
    };
    if (notModified({ ifNoneMatch: c.req.header('if-none-match'), ifModifiedSince: undefined }, etag, 0))
      return c.body(null, 304, headers);

    let slot = passes.slots.get(key);
    if (slot) passes.touch(key, slot);
    else {
      // Only a pass not yet built costs a signature: that is what one address may ask for only so often.
      const addressKey = `wallet:address:${addressForLimits(c, deps)}`;
      await refuseWhileThrottled(
        deps.db,
        [addressKey],
        deps.now(),
        (s) => `Too many Wallet passes from your connection just now. Please try again in ${waitInWords(s)}.`,
      );
      await recordAttempt(deps.db, addressKey, walletPassesPerAddress, deps.now());
      let body: Buffer;
      try {
        body = await signing.sign(signer.certificates, json, await passImages(deps.storage, card.content));
      } catch (error) {
        if (!(error instanceof SignerBusy)) throw error;
        return c.json({ error: 'Wallet passes are busy just now. Please try again in a minute.' }, 503, {
          'Cache-Control': 'no-store',
          'Retry-After': '30',
        });
      }
      slot = { bytes: body.length, body };
      passes.insert(key, slot);
    }
    return c.body(new Uint8Array(slot.body), 200, {
      ...headers,
      'Content-Type': PKPASS_TYPE,
      'Content-Length': String(slot.body.length),
    });
  });
}
