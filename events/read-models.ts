import { reservedUsernamesReadModel } from './account/reserved-usernames';
import { usersReadModel } from './account/users-read-model';
import { weeklySummariesReadModel } from './account/weekly-summaries-read-model';
import { cardsReadModel } from './card/cards-read-model';
import { domainsReadModel } from './domain/domains-read-model';
import { enquiriesReadModel } from './enquiry/enquiries-read-model';
import { firmMembershipsReadModel, firmsReadModel } from './firm/firms-read-model';
import { nfcCardsReadModel } from './nfc-card/nfc-cards-read-model';
import { ordersReadModel } from './order/orders-read-model';
import type { ReadModel } from './read-model';
import { reviewsReadModel } from './review/reviews-read-model';
import { visitDaysReadModel } from './visit/visit-days-read-model';

/** Every read model; `npm run replay` rebuilds exactly these tables. */
// Each model is generic in its own state; the registry only moves states between its own functions.
export const readModels = [
  usersReadModel,
  reservedUsernamesReadModel,
  cardsReadModel,
  ordersReadModel,
  nfcCardsReadModel,
  enquiriesReadModel,
  reviewsReadModel,
  domainsReadModel,
  firmsReadModel,
  firmMembershipsReadModel,
  visitDaysReadModel,
  weeklySummariesReadModel,
] as unknown as ReadModel<unknown>[];

export function readModelsFor(streamId: string): ReadModel<unknown>[] {
  return readModels.filter((model) => model.owns(streamId));
}
