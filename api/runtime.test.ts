import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { readEnv } from './env';
import { NOTHING_TO_WAKE, openRuntime, renderTargetOf } from './runtime';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('opens for the ops scripts without reading the Wallet certificates, which only the server signs with', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-runtime-'));
  const missing = path.join(dir, 'not-there.pem');
  const env = readEnv({
    DATA_DIR: dir,
    WALLET_PASS_TYPE_ID: 'pass.test.tradecard.card',
    WALLET_TEAM_ID: 'TEST123456',
    WALLET_SIGNER_CERT: missing,
    WALLET_SIGNER_KEY: missing,
    WALLET_WWDR_CERT: missing,
  });
  // An expired or missing certificate would stop `npm run rebuild` or `grant-admin` here if this read it.
  const { deps, database } = await openRuntime(env, NOTHING_TO_WAKE);
  try {
    expect(deps.wallet).toBeUndefined();
    // Pages still offer the pass: the server that serves them signs it.
    expect(renderTargetOf(env, deps).walletEnabled).toBe(true);
  } finally {
    await deps.visits.close();
    await database.close();
  }
});
