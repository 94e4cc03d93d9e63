import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WalletSettings } from '../../../api/wallet/settings';

export const TEST_PASS_TYPE_ID = 'pass.test.tradecard.card';
export const TEST_TEAM_ID = 'TEST123456';

type KeyType = 'rsa' | 'ec';

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

const newKey = (type: KeyType) =>
  type === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];

/** A certificate authority standing in for Apple's WWDR: self-signed, in `dir` as `<name>.pem` and `<name>.key`. */
export function makeAuthority(dir: string, name = 'wwdr', keyType: KeyType = 'rsa') {
  openssl(dir, [
    'req',
    '-x509',
    ...newKey(keyType),
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-days',
    '30',
    '-subj',
    `/CN=Test ${name} Authority/O=TradeCard Tests`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  return path.join(dir, `${name}.pem`);
}

export type SignerOptions = {
  /** Which authority (made by makeAuthority in the same folder) issues it. */
  authority?: string;
  passTypeId?: string;
  teamId?: string;
  /** Encrypts the key file with it (PKCS#8, AES-256). */
  passphrase?: string;
  keyType?: KeyType;
};

/**
 * A Pass Type ID certificate as Apple issues one (the Pass Type ID in its UID, the Team ID in its OU) and its key, in
 * `dir` as `<name>.pem` and `<name>.key`.
 */
export function makeSigner(dir: string, name = 'signer', options: SignerOptions = {}) {
  const { authority = 'wwdr', passTypeId = TEST_PASS_TYPE_ID, teamId = TEST_TEAM_ID, passphrase } = options;
  const algorithm =
    (options.keyType ?? 'rsa') === 'rsa'
      ? ['-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048']
      : ['-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'];
  const encrypt = passphrase ? ['-aes-256-cbc', '-pass', `pass:${passphrase}`] : [];
  openssl(dir, ['genpkey', ...algorithm, ...encrypt, '-out', `${name}.key`]);
  openssl(dir, [
    'req',
    '-new',
    '-key',
    `${name}.key`,
    ...(passphrase ? ['-passin', `pass:${passphrase}`] : []),
    '-subj',
    `/UID=${passTypeId}/CN=Pass Type ID: ${passTypeId}/OU=${teamId}/O=TradeCard Tests/C=GB`,
    '-out',
    `${name}.csr`,
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${authority}.pem`,
    '-CAkey',
    `${authority}.key`,
    '-CAcreateserial',
    '-days',
    '30',
    '-out',
    `${name}.pem`,
  ]);
  return { cert: path.join(dir, `${name}.pem`), key: path.join(dir, `${name}.key`) };
}

export type TestWallet = {
  dir: string;
  /** The stand-in WWDR certificate, the one a pass's signature must chain to. */
  wwdrCert: string;
  settings: WalletSettings;
  /** The same as WALLET_* environment variables. */
  env: Record<string, string>;
};

/** A complete, valid wallet configuration in a temp folder: the authority, and a signer with its encrypted key. */
export function makeTestWallet(passphrase = 'correct horse'): TestWallet {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-wallet-'));
  const wwdrCert = makeAuthority(dir);
  const signer = makeSigner(dir, 'signer', { passphrase });
  const settings: WalletSettings = {
    passTypeId: TEST_PASS_TYPE_ID,
    teamId: TEST_TEAM_ID,
    signerCertFile: signer.cert,
    signerKeyFile: signer.key,
    signerKeyPassphrase: passphrase,
    wwdrCertFile: wwdrCert,
  };
  const env = {
    WALLET_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    WALLET_TEAM_ID: TEST_TEAM_ID,
    WALLET_SIGNER_CERT: signer.cert,
    WALLET_SIGNER_KEY: signer.key,
    WALLET_SIGNER_KEY_PASSPHRASE: passphrase,
    WALLET_WWDR_CERT: wwdrCert,
  };
  return { dir, wwdrCert, settings, env };
}
