import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTempDatabase } from '../tests/support/events/db';
import { diskTarget } from '../tests/support/renderer/disk-target';
import { publishedCard } from '../tests/support/renderer/published';
import { type RenderTarget, renderAccount } from './render-account';

let t: Awaited<ReturnType<typeof openTempDatabase>>;
let target: RenderTarget;
const now = new Date('2026-11-22T10:00:00Z');

beforeEach(async () => {
  t = await openTempDatabase();
  target = diskTarget(path.join(t.dir, 'public'));
});
afterEach(async () => {
  await t.close();
});

describe('rendering one account from two processes at once', () => {
  // On first start the demo seed and the server both rendered the demo account; during a leader hand-over two
  // instances' projectors can briefly render the same account too.
  it('renders it from both, records it once, and leaves the row and the files in step', async () => {
    const ids = ['demo', 'dana', 'sam'];
    for (const id of ids) await publishedCard(t.db, id, now);
    const other = await t.openAnother();
    try {
      const outcomes = await Promise.allSettled(
        ids.flatMap((id) => [renderAccount(t.db, id, target), renderAccount(other.db, id, target)]),
      );
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      expect(outcomes.map((outcome) => outcome.status === 'fulfilled' && outcome.value)).toEqual(
        ids.flatMap(() => ['live', 'live']),
      );
    } finally {
      await other.close();
    }
    const recorded = await t.db.selectFrom('rendered_profiles').selectAll().orderBy('account_id').execute();
    expect(recorded).toEqual([...ids].sort().map((id) => ({ account_id: id, username: id })));
    for (const id of ids) {
      const page = fs.readFileSync(path.join(target.publicDir, 'u', id, 'index.html'), 'utf8');
      expect(page).toContain('Bathrooms fitted right, first time');
      expect(fs.existsSync(path.join(target.publicDir, 'u', id, 'contact.vcf'))).toBe(true);
    }
  });
});
