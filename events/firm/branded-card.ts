import type { Db } from '../../platform/database/db';
import { findCardContent } from '../card/cards-read-model';
import type { CardContent } from '../card/content';
import { brandedContent } from './brand';
import { brandOf, type FirmRow, firmOfAccount } from './firms-read-model';

/**
 * The card as everything public shows it (issue 32): the page, its preview image, the public card API, the quote and
 * review pages and the names their messages use: the owner's own card, with their firm's value in each part it
 * locked. Null before the first publish. The editor and a publish read the owner's own (cards-read-model.ts).
 */
export async function findShownCardContent(db: Db, accountId: string): Promise<CardContent | null> {
  return (await findShownCard(db, accountId)).content;
}

/** The card as shown, and the firm its owner is in (its page links to the firm's): one read of each. */
export async function findShownCard(
  db: Db,
  accountId: string,
): Promise<{ content: CardContent | null; firm: FirmRow | undefined }> {
  const own = await findCardContent(db, accountId);
  const firm = own ? await firmOfAccount(db, accountId) : undefined;
  return { content: own && brandedContent(own, firm ? brandOf(firm) : null), firm };
}
