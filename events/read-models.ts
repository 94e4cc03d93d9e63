import { usersReadModel } from './account/users-read-model';
import type { ReadModel } from './read-model';

/** Every read model; `npm run replay` rebuilds exactly these tables. */
export const readModels: ReadModel<any>[] = [usersReadModel];

export function readModelsFor(streamId: string): ReadModel<unknown>[] {
  return readModels.filter((model) => model.owns(streamId));
}
