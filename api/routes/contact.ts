import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { MessageAnswer } from '../../contract/message';
import { handleCommand } from '../../events/command';
import { contactDecider } from '../../events/contact/decider';
import { contactReasons, contactStreamId } from '../../events/contact/events';
import { DomainError } from '../../events/errors';
import { addressForLimits } from '../auth/client-address';
import { sessionToken } from '../auth/require-user';
import { findSession } from '../auth/sessions';
import { formsPerAddress, recordAttempt, refuseWhileThrottled } from '../auth/throttle';
import { countPublicContact, publicContactWaitSeconds, siteContactPaused } from '../contact/limits';
import type { AppEnv, Deps } from '../deps';
import { invalid, seconds } from '../http/errors';
import { enqueueMail } from '../mail/queue';
import { contactToSupportMail } from '../mail/templates';

// SPEC §5: the public form also needs the privacy agreement; the signed-in one only the four fields.
const PUBLIC_MISSING = 'Please fill in all fields and agree to the privacy policy.';
const SIGNED_IN_MISSING = 'Please fill in all required fields.';

const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).optional().default('');

const contactBody = z.object(
  {
    name: text(120, 'Name'),
    email: text(254, 'Email'),
    reason: text(60, 'Reason'),
    message: text(5000, 'Message'),
    agree: z.boolean({ error: 'Please agree to the privacy policy.' }).optional().default(true),
  },
  { error: 'Request body must be a JSON object.' },
);

export function contactRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    const token = sessionToken(c, deps.publicUrl);
    const session = token ? await findSession(deps.db, token, deps.now()) : null;
    const body = await (async () => {
      const raw = await c.req.json().catch(() => {
        throw invalid('Request body must be valid JSON.');
      });
      const parsed = contactBody.safeParse(raw);
      if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? SIGNED_IN_MISSING);
      return parsed.data;
    })();

    const missing = !body.name || !body.email || !body.reason || !body.message;
    if (missing || (!session && !body.agree)) throw invalid(session ? SIGNED_IN_MISSING : PUBLIC_MISSING);
    const email = z.email().safeParse(body.email.toLowerCase());
    if (!email.success) throw invalid('Please enter a valid email address.');
    const reason = z.enum(contactReasons).safeParse(body.reason);
    if (!reason.success) throw invalid(`Please choose a reason: ${contactReasons.join(', ')}.`);

    const addressKey = `contact:address:${addressForLimits(c, deps)}`;
    await refuseWhileThrottled(
      deps.db,
      [addressKey],
      deps.now(),
      (s) => `You’ve sent several messages just now. Please wait ${seconds(s)} before sending another.`,
    );
    await recordAttempt(deps.db, addressKey, formsPerAddress, deps.now());

    const messageId = randomUUID();
    const received = {
      messageId,
      name: body.name,
      email: email.data,
      reason: reason.data,
      message: body.message,
      accountId: session?.accountId ?? null,
    };
    const now = deps.now();
    await handleCommand(deps.db, {
      decider: contactDecider,
      streamId: contactStreamId(messageId),
      command: { type: 'SubmitContactMessage', ...received },
      now,
      // Support's copy is queued with the event: a message in the log always reaches support, retried if need be.
      alsoInTransaction: async (trx) => {
        // Signed out: counted against the whole site's public messages, under its lock, and refused past them.
        if (!session) {
          const wait = await publicContactWaitSeconds(trx, now);
          if (wait > 0)
            throw new DomainError('too_many', siteContactPaused(deps.supportEmail, wait), {
              retryAfterSeconds: wait,
            });
          await countPublicContact(trx, now);
        }
        const mail = contactToSupportMail({ ...received, accountId: received.accountId ?? undefined });
        await enqueueMail(trx, { to: deps.supportEmail, replyTo: email.data, ...mail }, now);
      },
    });
    deps.mailQueued();
    return c.json({ success: true, message: 'Message sent!' } satisfies MessageAnswer);
  });

  return app;
}
