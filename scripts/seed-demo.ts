import { createApp } from '../api/app';
import { seedDemo } from '../api/demo/seed';
import { sendDueMail } from '../api/mail/sender';
import { OWNER_ONLY_UMASK } from '../api/process/file-modes';
import {
  exitOnStartupProblem,
  NOTHING_TO_WAKE,
  openRuntime,
  readEnvOrExit,
  renderTargetOf,
  startPayments,
} from '../api/runtime';
import { catchUp } from '../renderer/projector';

// The database, its backups and the photos are the owner's only (api/process/file-modes.ts).
process.umask(OWNER_ONLY_UMASK);

// Publishes the sample profile at /u/demo (a bathroom renovator) as a real account, and renders it.
const env = readEnvOrExit();
const { deps: runtime, database } = await openRuntime(env, NOTHING_TO_WAKE).catch(exitOnStartupProblem);
const deps = await startPayments(env, runtime);
// No listener here: the sample's subscription webhooks go to the app in-process, through the same route.
deps.stripeSimulator?.sendWebhooksTo(createApp(deps).fetch);
try {
  const result = await seedDemo(deps);
  await catchUp(deps.db, renderTargetOf(env, deps));
  // The sample plan's confirmation mail was queued: send it now, server or not. One the mail server refuses stays
  // queued, and a running (or the next) server's sender retries it.
  await sendDueMail(deps);
  if (result.status === 'exists') {
    console.log(`The sample profile is already published: ${env.PUBLIC_URL}/u/demo`);
  } else {
    console.log(`Published the sample profile at ${env.PUBLIC_URL}/u/demo`);
    console.log(
      `Sign in as ${result.email} with password ${result.password} (shown once; reset it by email if lost).`,
    );
  }
} finally {
  await deps.stripeSimulator?.close();
  await database.close();
}
