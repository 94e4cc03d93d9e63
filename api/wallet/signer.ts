import { createHash, createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import { StartupProblem } from '../process/startup-problem';
import type { WalletSettings } from './settings';

/** What signs every pass: the identifiers pass.json names and the certificates, as PEM text. */
export type WalletSigner = {
  passTypeId: string;
  teamId: string;
  certificates: { wwdr: string; signerCert: string; signerKey: string };
  /** Changes with any certificate or key, so a pass signed with a replaced one is never served from the cache. */
  fingerprint: string;
};

type Problems = string[];

function readSetting(name: string, file: string, problems: Problems): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const cause =
      code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'it may not be read' : String(code);
    problems.push(`${name}=${file} cannot be read: ${cause}`);
    return null;
  }
}

function certificate(name: string, file: string, problems: Problems): X509Certificate | null {
  const bytes = readSetting(name, file, problems);
  if (!bytes) return null;
  try {
    // PEM, or DER as Apple's download (a .cer) comes.
    return new X509Certificate(bytes);
  } catch {
    problems.push(`${name}=${file} is not a certificate (PEM or DER)`);
    return null;
  }
}

/** PKCS#8's encrypted form, or the older PEM encryption header. */
const ENCRYPTED_KEY = /-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/;

function privateKey(settings: WalletSettings, problems: Problems): KeyObject | null {
  const file = settings.signerKeyFile;
  const bytes = readSetting('WALLET_SIGNER_KEY', file, problems);
  if (!bytes) return null;
  const passphrase = settings.signerKeyPassphrase;
  const encrypted = ENCRYPTED_KEY.test(bytes.toString('latin1'));
  if (encrypted && !passphrase) {
    problems.push(`WALLET_SIGNER_KEY=${file} is encrypted: set WALLET_SIGNER_KEY_PASSPHRASE`);
    return null;
  }
  try {
    return createPrivateKey({ key: bytes, format: 'pem', ...(passphrase ? { passphrase } : {}) });
  } catch {
    problems.push(
      encrypted
        ? `WALLET_SIGNER_KEY=${file} cannot be decrypted with WALLET_SIGNER_KEY_PASSPHRASE: check the passphrase`
        : `WALLET_SIGNER_KEY=${file} is not a private key in PEM`,
    );
    return null;
  }
}

/** One field of a certificate's subject (`UID`, `OU`), as Node prints it: one `NAME=value` per line. */
const subjectField = (cert: X509Certificate, name: string) =>
  cert.subject
    .split('\n')
    .find((line) => line.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** How the three fit together: what a phone would otherwise refuse, silently, pass by pass. */
function mismatches(
  settings: WalletSettings,
  signer: X509Certificate,
  wwdr: X509Certificate,
  key: KeyObject,
  now: Date,
): Problems {
  const problems: Problems = [];
  // The signing library (node-forge) reads RSA keys only; Apple issues Pass Type ID certificates with RSA keys.
  if (key.asymmetricKeyType !== 'rsa')
    problems.push(`WALLET_SIGNER_KEY is a ${key.asymmetricKeyType} key: passes are signed with an RSA key`);
  else if (!signer.checkPrivateKey(key))
    problems.push(
      'WALLET_SIGNER_KEY is not the key of WALLET_SIGNER_CERT: give the key its certificate was made for',
    );
  if (!signer.checkIssued(wwdr) || !signer.verify(wwdr.publicKey))
    problems.push(
      `WALLET_SIGNER_CERT was not issued by WALLET_WWDR_CERT: give the Apple WWDR certificate that issued it (${signer.issuer.replaceAll('\n', ', ')})`,
    );
  for (const [name, cert] of [
    ['WALLET_SIGNER_CERT', signer],
    ['WALLET_WWDR_CERT', wwdr],
  ] as const) {
    if (new Date(cert.validTo) <= now) problems.push(`${name} expired on ${cert.validTo}: renew it`);
  }
  // Apple writes the Pass Type ID into the certificate's UID and the Team ID into its OU.
  const uid = subjectField(signer, 'UID');
  if (uid !== undefined && uid !== settings.passTypeId)
    problems.push(
      `WALLET_SIGNER_CERT is for ${uid}, not WALLET_PASS_TYPE_ID=${settings.passTypeId}: set the Pass Type ID the certificate was made for`,
    );
  const team = subjectField(signer, 'OU');
  if (team !== undefined && team !== settings.teamId)
    problems.push(
      `WALLET_SIGNER_CERT belongs to team ${team}, not WALLET_TEAM_ID=${settings.teamId}: set the Team ID the certificate was made for`,
    );
  return problems;
}

function refuse(problems: Problems): never {
  throw new StartupProblem(
    `Invalid Apple Wallet configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`,
  );
}

/**
 * Reads and checks the certificates once, at start: a missing file, a wrong passphrase or a key that is not the
 * certificate's stops start-up with a sentence naming the setting, rather than failing every download. The key is
 * kept decrypted, in memory only, so nothing reads the passphrase again.
 */
export function loadWalletSigner(settings: WalletSettings, now = new Date()): WalletSigner {
  const problems: Problems = [];
  const signer = certificate('WALLET_SIGNER_CERT', settings.signerCertFile, problems);
  const wwdr = certificate('WALLET_WWDR_CERT', settings.wwdrCertFile, problems);
  const key = privateKey(settings, problems);
  if (!signer || !wwdr || !key) return refuse(problems);
  problems.push(...mismatches(settings, signer, wwdr, key, now));
  if (problems.length > 0) return refuse(problems);
  const certificates = {
    wwdr: wwdr.toString(),
    signerCert: signer.toString(),
    // PKCS#1, which node-forge reads whatever form (PKCS#8, encrypted) the file had.
    signerKey: key.export({ type: 'pkcs1', format: 'pem' }).toString(),
  };
  const fingerprint = createHash('sha256')
    .update(`${settings.passTypeId}\n${settings.teamId}\n${certificates.signerCert}\n${certificates.wwdr}`)
    .digest('hex');
  return { passTypeId: settings.passTypeId, teamId: settings.teamId, certificates, fingerprint };
}
