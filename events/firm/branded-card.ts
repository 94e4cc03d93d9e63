import type { Db } from '../../platform/database/db';
import { findCardContent } from '../card/cards-read-model';
import type { CardContent } from '../card/content';
import { brandedContent } from './brand';
import { brandOfAccount } from './firms-read-model';

/**
 * The card as everything public shows it (issue 32): the page, its preview image, the public card API, the quote and
 * review pages and the names their messages use: the owner's own card, with their firm's value in each part it
 * locked. Null before the first publish. The editor and a publish read the owner's own (cards-read-model.ts).
 */
export async function findShownCardContent(db: Db, accountId: string): Promise<CardContent | null> {
  const own = await findCardContent(db, accountId);
  return own && brandedContent(own, (await brandOfAccount(db, accountId))?.brand ?? null);
}
