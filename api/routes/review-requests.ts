import { Hono } from 'hono';
import { z } from 'zod';
import type { ReviewLinkAnswer } from '../../contract/review';
import { MAX_EMAIL } from '../../events/enquiry/input';
import { requireUser } from '../auth/require-user';
import type { AppEnv, Deps } from '../deps';
import { readJson } from '../http/validate';
import { askingOwner, requestReview } from '../reviews/request';

export const MAX_CUSTOMER_NAME = 80;

const askBody = z.object(
  {
    name: z
      .string({ error: 'Please give the customer’s name.' })
      .trim()
      .min(1, 'Please give the customer’s name.')
      .max(MAX_CUSTOMER_NAME, `Please keep the customer’s name to ${MAX_CUSTOMER_NAME} characters.`),
    email: z
      .string()
      .trim()
      .max(MAX_EMAIL, 'Please enter an email address like name@example.com.')
      .pipe(z.union([z.literal(''), z.email('Please enter an email address like name@example.com.')]))
      .optional(),
  },
  { error: 'Request body must be a JSON object.' },
);

/**
 * Issue 30: the signed-in owner asks a customer who never used the quote form for a review. 201 with the link, the
 * message to send it with, and whether we mailed it.
 */
export function reviewRequestRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/', requireUser(deps), async (c) => {
    const { name, email } = await readJson(c, askBody);
    const owner = await askingOwner(deps, c.get('accountId'));
    const link = await requestReview(
      deps,
      {
        ...owner,
        customerName: name,
        email: email || null,
        enquiryId: null,
        job: null,
      },
      deps.now(),
    );
    // Sent now, not at the sender's next look.
    if (link.mailed) deps.mailQueued();
    return c.json({ success: true, ...link } satisfies ReviewLinkAnswer, 201);
  });

  return app;
}
