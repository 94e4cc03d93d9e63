import type { Db } from '../../platform/database/db';
import type { ReadModel } from '../read-model';
import type { ProjectedEvent } from '../store';
import type { CardContent } from './content';

type CardsState = { accountId: string; content: CardContent | null; publishedAt: string };

const PREFIX = 'card-';

export const cardsReadModel: ReadModel<CardsState> = {
  table: 'cards',
  keyColumn: 'account_id',
  owns: (streamId) => streamId.startsWith(PREFIX),
  keyOf: (streamId) => streamId.slice(PREFIX.length),
  initialState: () => ({ accountId: '', content: null, publishedAt: '' }),
  evolve: (state, event: ProjectedEvent) => {
    if (event.type === 'CardPublished') {
      return { accountId: event.data.accountId, content: event.data.content, publishedAt: event.occurredAt };
    }
    if (event.type === 'CardErased') return { ...state, content: null };
    return state;
  },
  toRow: ({ accountId, content, publishedAt }) =>
    content ? { account_id: accountId, content: JSON.stringify(content), published_at: publishedAt } : null,
};

/** The published content of an account's card, or null before its first publish (and after erasure). */
export async function findCardContent(db: Db, accountId: string): Promise<CardContent | null> {
  const row = await db
    .selectFrom('cards')
    .select('content')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.content) as CardContent) : null;
}
