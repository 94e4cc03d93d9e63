import path from 'node:path';
import { z } from 'zod';
import { unsetWhenEmpty } from '../env-fields';

/**
 * Apple Wallet passes (GET /u/<name>/card.pkpass, ADR 030): the Pass Type ID and Team ID of the Apple developer
 * account, and paths to the certificate files (signer.ts reads them when the server starts). Unset, no page offers
 * a pass; all of WALLET_REQUIRED, or none. Part of api/env.ts's schema.
 */
export const walletEnvFields = {
  WALLET_PASS_TYPE_ID: unsetWhenEmpty(
    z
      .string()
      .regex(
        /^pass(\.[A-Za-z0-9-]+)+$/,
        'WALLET_PASS_TYPE_ID must be the Pass Type ID registered with Apple (e.g. pass.com.example.card)',
      ),
  ),
  WALLET_TEAM_ID: unsetWhenEmpty(
    z
      .string()
      .regex(
        /^[A-Z0-9]{10}$/,
        'WALLET_TEAM_ID must be the 10-character Team ID of the Apple developer account (e.g. A1B2C3D4E5)',
      ),
  ),
  WALLET_SIGNER_CERT: unsetWhenEmpty(z.string()),
  WALLET_SIGNER_KEY: unsetWhenEmpty(z.string()),
  WALLET_SIGNER_KEY_PASSPHRASE: unsetWhenEmpty(z.string()),
  WALLET_WWDR_CERT: unsetWhenEmpty(z.string()),
};

type WalletEnv = { [Name in keyof typeof walletEnvFields]?: string | undefined };

/** Apple Wallet as configured: the files' absolute paths, read once when the server starts (signer.ts). */
export type WalletSettings = {
  passTypeId: string;
  teamId: string;
  signerCertFile: string;
  signerKeyFile: string;
  signerKeyPassphrase: string | undefined;
  wwdrCertFile: string;
};

/** What Apple Wallet passes need; WALLET_SIGNER_KEY_PASSPHRASE only for an encrypted key. */
const WALLET_REQUIRED = [
  'WALLET_PASS_TYPE_ID',
  'WALLET_TEAM_ID',
  'WALLET_SIGNER_CERT',
  'WALLET_SIGNER_KEY',
  'WALLET_WWDR_CERT',
] as const;

/**
 * The settings, or null when no WALLET_* setting is given; some without the rest would leave the button off with no
 * word why, so each missing one is named as a problem.
 */
export function readWalletSettings(env: WalletEnv): { settings: WalletSettings | null; problems: string[] } {
  const given = [...WALLET_REQUIRED, 'WALLET_SIGNER_KEY_PASSPHRASE' as const].filter((name) => env[name]);
  const missing = WALLET_REQUIRED.filter((name) => !env[name]);
  if (missing.length > 0)
    return {
      settings: null,
      problems:
        given.length === 0
          ? []
          : [
              `Apple Wallet passes need ${missing.join(', ')} as well as ${given.join(', ')}: set ${missing.length === 1 ? 'it' : 'them'}, or remove every WALLET_* setting to offer no passes`,
            ],
    };
  return {
    settings: {
      passTypeId: env.WALLET_PASS_TYPE_ID as string,
      teamId: env.WALLET_TEAM_ID as string,
      signerCertFile: path.resolve(env.WALLET_SIGNER_CERT as string),
      signerKeyFile: path.resolve(env.WALLET_SIGNER_KEY as string),
      signerKeyPassphrase: env.WALLET_SIGNER_KEY_PASSPHRASE,
      wwdrCertFile: path.resolve(env.WALLET_WWDR_CERT as string),
    },
    problems: [],
  };
}
