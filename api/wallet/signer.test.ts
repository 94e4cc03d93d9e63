import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeAuthority,
  makeSigner,
  makeTestWallet,
  type TestWallet,
} from '../../tests/support/wallet/certificates';
import { readEnv } from '../env';
import { StartupProblem } from '../process/startup-problem';
import { walletFromEnv } from './from-env';
import { loadWalletSigner } from './signer';

let wallet: TestWallet;
beforeAll(() => {
  wallet = makeTestWallet();
});
afterAll(() => {
  fs.rmSync(wallet.dir, { recursive: true, force: true });
});

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(StartupProblem);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('loadWalletSigner', () => {
  it('reads the certificates and decrypts the key once, keeping PEM text for the signing library', () => {
    const signer = loadWalletSigner(wallet.settings);
    expect(signer.passTypeId).toBe('pass.test.tradecard.card');
    expect(signer.teamId).toBe('TEST123456');
    expect(new X509Certificate(signer.certificates.signerCert).subject).toContain(
      'UID=pass.test.tradecard.card',
    );
    expect(new X509Certificate(signer.certificates.wwdr).ca).toBe(true);
    // Decrypted: nothing needs the passphrase after start.
    expect(signer.certificates.signerKey).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(createPrivateKey(signer.certificates.signerKey).asymmetricKeyType).toBe('rsa');
    expect(signer.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a certificate in DER, as Apple’s download comes', () => {
    const der = path.join(wallet.dir, 'wwdr.cer');
    fs.writeFileSync(der, new X509Certificate(fs.readFileSync(wallet.wwdrCert)).raw);
    const signer = loadWalletSigner({ ...wallet.settings, wwdrCertFile: der });
    expect(signer.certificates.wwdr).toBe(new X509Certificate(fs.readFileSync(wallet.wwdrCert)).toString());
  });

  it('names a file that is missing or is no certificate, every one at once', () => {
    const message = refusal(() =>
      loadWalletSigner({
        ...wallet.settings,
        signerCertFile: path.join(wallet.dir, 'nowhere.pem'),
        wwdrCertFile: wallet.settings.signerKeyFile,
      }),
    );
    expect(message).toContain(
      `WALLET_SIGNER_CERT=${path.join(wallet.dir, 'nowhere.pem')} cannot be read: there is no such file`,
    );
    expect(message).toContain(
      `WALLET_WWDR_CERT=${wallet.settings.signerKeyFile} is not a certificate (PEM or DER)`,
    );
  });

  it('asks for the passphrase of an encrypted key, and says when it is wrong', () => {
    const key = wallet.settings.signerKeyFile;
    expect(refusal(() => loadWalletSigner({ ...wallet.settings, signerKeyPassphrase: undefined }))).toContain(
      `WALLET_SIGNER_KEY=${key} is encrypted: set WALLET_SIGNER_KEY_PASSPHRASE`,
    );
    expect(refusal(() => loadWalletSigner({ ...wallet.settings, signerKeyPassphrase: 'wrong' }))).toContain(
      `WALLET_SIGNER_KEY=${key} cannot be decrypted with WALLET_SIGNER_KEY_PASSPHRASE: check the passphrase`,
    );
    expect(refusal(() => loadWalletSigner({ ...wallet.settings, signerKeyFile: wallet.wwdrCert }))).toContain(
      `WALLET_SIGNER_KEY=${wallet.wwdrCert} is not a private key in PEM`,
    );
  });

  it('refuses a key that is not the certificate’s, and a certificate the WWDR certificate did not issue', () => {
    const other = makeSigner(wallet.dir, 'other');
    expect(
      refusal(() =>
        loadWalletSigner({ ...wallet.settings, signerKeyFile: other.key, signerKeyPassphrase: undefined }),
      ),
    ).toContain('WALLET_SIGNER_KEY is not the key of WALLET_SIGNER_CERT');
    const stranger = makeAuthority(wallet.dir, 'stranger');
    expect(refusal(() => loadWalletSigner({ ...wallet.settings, wwdrCertFile: stranger }))).toContain(
      'WALLET_SIGNER_CERT was not issued by WALLET_WWDR_CERT: give the Apple WWDR certificate that issued it (CN=Test wwdr Authority, O=TradeCard Tests)',
    );
  });

  it('refuses a certificate for another Pass Type ID or team, which a phone would refuse pass by pass', () => {
    const message = refusal(() =>
      loadWalletSigner({ ...wallet.settings, passTypeId: 'pass.test.other', teamId: 'OTHER12345' }),
    );
    expect(message).toContain(
      'WALLET_SIGNER_CERT is for pass.test.tradecard.card, not WALLET_PASS_TYPE_ID=pass.test.other',
    );
    expect(message).toContain('WALLET_SIGNER_CERT belongs to team TEST123456, not WALLET_TEAM_ID=OTHER12345');
  });

  it('refuses expired certificates', () => {
    const later = new Date(Date.now() + 60 * 24 * 3600 * 1000);
    const message = refusal(() => loadWalletSigner(wallet.settings, later));
    expect(message).toMatch(/WALLET_SIGNER_CERT expired on .+: renew it/);
    expect(message).toMatch(/WALLET_WWDR_CERT expired on .+: renew it/);
  });

  it('refuses a key that is not RSA, which the signing library cannot use', () => {
    const ec = makeSigner(wallet.dir, 'ec-signer', { keyType: 'ec' });
    expect(
      refusal(() =>
        loadWalletSigner({
          ...wallet.settings,
          signerCertFile: ec.cert,
          signerKeyFile: ec.key,
          signerKeyPassphrase: undefined,
        }),
      ),
    ).toContain('WALLET_SIGNER_KEY is a ec key: passes are signed with an RSA key');
  });
});

describe('walletFromEnv', () => {
  it('is null when no WALLET_* setting is given, and a signer that has signed a sample pass when all are', async () => {
    expect(await walletFromEnv(readEnv({}))).toBeNull();
    const signer = await walletFromEnv(readEnv(wallet.env));
    expect(signer?.passTypeId).toBe('pass.test.tradecard.card');
  });

  it('stops start-up when the signing library cannot use the certificates, though they fit together', async () => {
    // An elliptic-curve authority: Node verifies what it issued, node-forge cannot read its certificate.
    makeAuthority(wallet.dir, 'ec-wwdr', 'ec');
    const signer = makeSigner(wallet.dir, 'ec-issued', { authority: 'ec-wwdr' });
    const env = readEnv({
      ...wallet.env,
      WALLET_SIGNER_CERT: signer.cert,
      WALLET_SIGNER_KEY: signer.key,
      WALLET_SIGNER_KEY_PASSPHRASE: '',
      WALLET_WWDR_CERT: path.join(wallet.dir, 'ec-wwdr.pem'),
    });
    await expect(walletFromEnv(env)).rejects.toThrow(
      /^Apple Wallet passes cannot be signed with WALLET_SIGNER_CERT, WALLET_SIGNER_KEY and WALLET_WWDR_CERT: ./,
    );
  });
});
