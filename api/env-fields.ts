import { z } from 'zod';

/** Empty counts as unset: a compose file or container image passes an empty value through for one not given. */
export const unsetWhenEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
