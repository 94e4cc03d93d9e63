import { findShownCardContent } from '../../events/firm/branded-card';
import { verifiedReviewsOf } from '../../events/review/on-the-page';
import type { Db } from '../../platform/database/db';
import { headersFor, ogDiskName, profileKey } from '../../platform/storage/key-layout';
import type { Storage } from '../../platform/storage/storage';
import { livePages } from '../live-pages';
import { drawOgImage } from './draw';
import { ogImageHash, ogImageInputs } from './inputs';

/**
 * Stored by what it shows (`og.<hash>.jpg`, served as `/u/<username>/og.jpg`), so an unchanged card is never drawn
 * again, and a changed one is a new file: the old one is simply not the file asked for, and goes at the next render
 * (render-account.ts).
 */

/** Tens of milliseconds of CPU each: a crawler asking for every page at once queues here, not in the thread pool. */
const DRAWS_AT_ONCE = 2;
let drawing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (drawing >= DRAWS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  drawing += 1;
  try {
    return await work();
  } finally {
    drawing -= 1;
    waiting.shift()?.();
  }
}

/** Draws under way, by key: two crawlers asking for the same new image at once wait for one drawing. */
const underWay = new Map<string, Promise<string | null>>();

const liveRecord = (db: Db, username: string) =>
  livePages(db).select(['p.account_id', 'p.og_image']).where('p.username', '=', username).executeTakeFirst();

/**
 * The key of a live page's link preview image (ADR 030, decision 7), drawn on its first request, as the QR codes
 * are: a full rebuild then never waits on thousands of them (each is tens of milliseconds of sharp), and a card is
 * drawn again only when what the image shows has changed. Null when there is no live page of that name.
 */
export async function ogImageFile(db: Db, storage: Storage, username: string): Promise<string | null> {
  const record = await liveRecord(db, username);
  if (!record?.og_image) return null;
  const named = profileKey(username, ogDiskName(record.og_image));
  // One look (a round trip to a bucket) once drawn.
  if (await storage.head(named)) return named;
  const running = underWay.get(named);
  if (running) return running;
  const drawn = draw(db, storage, username, record.account_id).finally(() => underWay.delete(named));
  underWay.set(named, drawn);
  return drawn;
}

async function draw(db: Db, storage: Storage, username: string, accountId: string) {
  const content = await findShownCardContent(db, accountId);
  if (!content) return null;
  // From the card as it is now: when it has changed since the page was rendered, this is the picture the page will
  // name once the projector catches up.
  const inputs = ogImageInputs(content, username, await verifiedReviewsOf(db, accountId));
  const key = profileKey(username, ogDiskName(ogImageHash(inputs)));
  if (!(await storage.head(key))) {
    const jpeg = await inTurn(() => drawOgImage(storage, inputs));
    await storage.put(key, jpeg, headersFor(key));
  }
  // Taken down or erased while it was drawn (the render that removed the page's files may have run meanwhile): the
  // picture of a page that is gone goes too.
  if (!(await liveRecord(db, username))) {
    await storage.delete(key);
    return null;
  }
  return key;
}
