import path from 'node:path';
import { accountDecider } from '../../../events/account/decider';
import { accountStreamId } from '../../../events/account/events';
import { handleCommand } from '../../../events/command';
import { openDatabase } from '../../../events/db';

/**
 * Journeys can't wait 14 days: this records, through the real commands, a trial that started 15 days ago and has
 * ended, as the scheduler would have. Usage: tsx expire-trial.ts <data dir> <email>
 */
const [dataDir, email] = process.argv.slice(2);
if (!dataDir || !email) throw new Error('Usage: expire-trial.ts <data dir> <email>');
const { db, close } = await openDatabase(path.join(dataDir, 'app.db'));
try {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const streamId = accountStreamId(user.id);
  const then = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
  await handleCommand(db, { decider: accountDecider, streamId, command: { type: 'StartTrial' }, now: then });
  await handleCommand(db, {
    decider: accountDecider,
    streamId,
    command: { type: 'EndTrial' },
    now: new Date(),
  });
} finally {
  await close();
}
