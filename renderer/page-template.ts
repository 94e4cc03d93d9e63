import { log } from '../observability/log';
import type { Db } from '../platform/database/db';
import { isDiskStorage } from '../platform/storage/disk';
import { startPageWriter } from './page-writer';
import { rebuildProfiles } from './rebuild';
import type { RenderTarget } from './render-account';

/**
 * The version of what a rendered page holds. Pages are files written when their owner publishes, so a release that
 * changes them (issue 17 added Call and WhatsApp first, Request a quote, hours, badges, JSON-LD and the preview
 * image) reaches each page only when it is rendered again. Bump this with any change to a page's HTML: the leader
 * then re-renders every page once after the release starts (upgradePageTemplate). page-template.test.ts renders a
 * full card and fails when the HTML changes and this does not.
 */
export const PAGE_TEMPLATE_VERSION = 22;

/** Where the version the pages were last all rendered by is kept: beside the projector's own checkpoint. */
export const PAGE_TEMPLATE_CHECKPOINT = 'page-template';

export async function renderedTemplateVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('projector_checkpoints')
    .select('position')
    .where('name', '=', PAGE_TEMPLATE_CHECKPOINT)
    .executeTakeFirst();
  return row?.position ?? 0;
}

async function saveTemplateVersion(db: Db, version: number) {
  await db
    .insertInto('projector_checkpoints')
    .values({ name: PAGE_TEMPLATE_CHECKPOINT, position: version })
    .onConflict((oc) => oc.column('name').doUpdateSet({ position: version }))
    .execute();
}

/**
 * Every page rendered again (`npm run rebuild`), and this template recorded as the one they are on, so that a server
 * started next renders none of them again.
 */
export async function rebuildEveryPage(db: Db, target: RenderTarget) {
  const { storage } = target;
  // Pages compressed and written on a thread of their own: this process serves nothing, so nothing need see them.
  const writer = isDiskStorage(storage) ? startPageWriter(storage.root) : null;
  try {
    const result = await rebuildProfiles(db, target, { writePage: writer?.write });
    await saveTemplateVersion(db, PAGE_TEMPLATE_VERSION);
    return result;
  } finally {
    await writer?.close();
  }
}

/**
 * Re-renders every page when they were rendered by an older template, as `npm run rebuild` does, then records
 * this version; at once when they are current. Stopped part way (the leader steps down or the server stops), it
 * records nothing, and the next leader starts again. A version newer than this code's (an older instance elected
 * during a rolling deploy) is left alone: that instance's pages would be the older ones.
 */
export async function upgradePageTemplate(
  db: Db,
  target: RenderTarget,
  shouldStop: () => boolean = () => false,
): Promise<{ rendered: number } | null> {
  const rendered = await renderedTemplateVersion(db);
  if (rendered >= PAGE_TEMPLATE_VERSION) return null;
  log.info(
    { from: rendered, to: PAGE_TEMPLATE_VERSION },
    'Rendering every page again for a new page template',
  );
  const result = await rebuildProfiles(db, target, { shouldStop });
  if (result.stopped) return null;
  await saveTemplateVersion(db, PAGE_TEMPLATE_VERSION);
  log.info(
    { rendered: result.rendered, version: PAGE_TEMPLATE_VERSION },
    'Every page is on the new page template',
  );
  return { rendered: result.rendered };
}
