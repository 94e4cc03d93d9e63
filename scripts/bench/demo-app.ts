import { SITE_NAME } from '../../api/app';
import { seedDemo } from '../../api/demo/seed';
import { recordUploads } from '../../api/media/owners';
import { type CardContent, largestMediaUrl } from '../../events/card/content';
import { type RunningProjector, startProjector } from '../../renderer/projector';
import { renderAccountInTurn } from '../../renderer/render-in-turn';
import { createTestApp } from '../../tests/support/api/app';
import { demoCardContent } from './demo-data';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type DemoApp = { test: TestApp; projector: RunningProjector; close(): Promise<void> };

/**
 * The whole app in-process with the demo seeded and a real projector nudged after each commit, as api/server.ts
 * runs it: what the publish benches time publish → page on disk through.
 */
export async function startDemoApp(): Promise<DemoApp> {
  const test = await createTestApp();
  const target = { ...test.renderTarget, siteName: SITE_NAME };
  const projector = startProjector(test.deps.db, target);
  // As api/server.ts wires them: a commit nudges the projector, and a publish renders its own page first.
  test.deps.onAppended = () => projector.nudge();
  test.deps.renderPage = async (accountId) => {
    await renderAccountInTurn(test.deps.db, accountId, target);
  };
  const close = async () => {
    await projector.stop();
    await test.close();
  };
  try {
    await seedDemo(test.deps);
  } catch (error) {
    await close();
    throw error;
  }
  return { test, projector, close };
}

/**
 * The demo card's photos, recorded as also uploaded by `username`: a card may show only photos its own account
 * uploaded (issue 11), and a bench publisher sending the demo's addresses stands for one that uploaded the same bytes.
 */
export async function demoPhotosFor(test: TestApp, username: string): Promise<CardContent> {
  const images = await demoCardContent(test.db);
  const user = await test.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const ids = [images.cover_photo, images.avatar, ...images.works].flatMap((image) =>
    image ? [image.id] : [],
  );
  await test.db.transaction().execute((trx) => recordUploads(trx, user.id, ids, new Date()));
  return images;
}

const address = largestMediaUrl;

/** The photo fields of the save payload the editor sends (SPEC §5), as addresses of photos already stored. */
export const photoFields = (images: CardContent) => ({
  cover_photo: images.cover_photo ? address(images.cover_photo) : undefined,
  avatar: images.avatar ? address(images.avatar) : undefined,
  existing_works: images.works.map(address),
});
