import type { VisitStats } from '../../../contract/visits';
import type { ClickAction } from '../../../events/visit/kinds';
import type { Db } from '../../../platform/database/db';

/** Every press at nought: one source's clicks in a VisitStats made by hand. */
export const NO_CLICKS: Record<ClickAction, number> = {
  save: 0,
  call: 0,
  whatsapp: 0,
  email: 0,
  facebook: 0,
  instagram: 0,
  linkedin: 0,
  x: 0,
  tiktok: 0,
};

/** A period's totals with nothing counted but what the test says. */
export const totalsWith = (overrides: Partial<VisitStats['totals']> = {}): VisitStats['totals'] => ({
  views: { nfc: 0, qr: 0, link: 0 },
  visitors: 0,
  clicks: { nfc: NO_CLICKS, qr: NO_CLICKS, link: NO_CLICKS },
  ...overrides,
});

/** The account behind a username: visits are saved by account. */
export const accountIdOf = async (db: Db, username: string) =>
  (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
