import { grantAdmin } from '../api/accounts/grant-admin';
import { OWNER_ONLY_UMASK } from '../api/process/file-modes';
import { exitOnStartupProblem, NOTHING_TO_WAKE, openRuntime, readEnvOrExit } from '../api/runtime';

// The database, its backups and the photos are the owner's only (api/process/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run grant-admin -- <email>');
  process.exit(2);
}
const { database } = await openRuntime(readEnvOrExit(), NOTHING_TO_WAKE).catch(exitOnStartupProblem);
try {
  const result = await grantAdmin(database.db, email, 'grant-admin script', new Date());
  console.log(
    result.status === 'granted'
      ? `${result.email} is now an admin.`
      : `${result.email} was already an admin.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
