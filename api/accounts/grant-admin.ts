import { accountDecider } from '../../events/account/decider';
import { accountStreamId } from '../../events/account/events';
import { emailSchema } from '../../events/account/rules';
import { handleCommand } from '../../events/command';
import { DomainError } from '../../events/errors';
import type { Db } from '../../platform/database/db';
import { findUserByEmail } from './users';

/** Admin is a role on the account, recorded as an event, granted by an operator: never a hard-coded address. */
export async function grantAdmin(
  db: Db,
  rawEmail: string,
  grantedBy: string,
  now: Date,
): Promise<{ email: string; status: 'granted' | 'already' }> {
  const email = emailSchema.parse(rawEmail);
  const user = await findUserByEmail(db, email);
  if (!user) throw new DomainError('not_found', `No account with the email ${email}.`);
  const { events } = await handleCommand(db, {
    decider: accountDecider,
    streamId: accountStreamId(user.id),
    command: { type: 'GrantAdmin', grantedBy },
    now,
  });
  return { email, status: events.length > 0 ? 'granted' : 'already' };
}
