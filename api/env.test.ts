import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

const STRIPE = {
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
};
/** A production configuration that passes every check; each test takes one thing away. */
const PRODUCTION = { PRODUCTION: 'true', PUBLIC_URL: 'https://cards.example.com', ...STRIPE };

const refusal = (source: NodeJS.ProcessEnv): string => {
  try {
    readEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('readEnv accepted the configuration');
};

describe('readEnv on a laptop (no PRODUCTION)', () => {
  it('keeps the quick-start defaults: local payments, the sample profile, a localhost address', () => {
    const env = readEnv({});
    expect(env.PRODUCTION).toBe(false);
    expect(env.PAYMENTS).toBe('local');
    expect(env.SEED_DEMO).toBe(true);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.dataDir).toBe(path.resolve('data'));
    expect(env.SHUTDOWN_GRACE_SECONDS).toBe(30);
  });

  it('follows an explicit SEED_DEMO either way', () => {
    expect(readEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(readEnv({ SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
  });

  it('is not switched by NODE_ENV, which stays React’s build switch', () => {
    const env = readEnv({ NODE_ENV: 'production' });
    expect(env.PRODUCTION).toBe(false);
    expect(env.SEED_DEMO).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('is a number of proxy hops; true is one, false, 0 and empty are none', () => {
    expect(readEnv({}).TRUST_PROXY).toBe(0);
    for (const [value, hops] of [
      ['', 0],
      ['false', 0],
      ['0', 0],
      ['true', 1],
      ['1', 1],
      ['2', 2],
    ] as const)
      expect(readEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it('refuses anything else, naming the variable', () => {
    for (const value of ['yes', '-1', '1.5', '11'])
      expect(refusal({ TRUST_PROXY: value })).toContain('TRUST_PROXY must be a number of proxy hops');
  });
});

describe('DATABASE_URL', () => {
  it('is the embedded SQLite database when unset or empty, PostgreSQL when it is a postgres URL', () => {
    expect(readEnv({}).DATABASE_URL).toBeUndefined();
    expect(readEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    for (const url of ['postgres://app@db:5432/cards', 'postgresql://app:pw@10.0.0.5/cards?sslmode=require'])
      expect(readEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it('refuses any other URL, naming the variable and the way back to SQLite', () => {
    for (const value of ['mysql://db/cards', 'sqlite:./data/app.db', 'postgres://'])
      expect(refusal({ DATABASE_URL: value })).toContain(
        'DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)',
      );
  });
});

describe('readEnv in production mode', () => {
  it('accepts a complete configuration and leaves the sample profile off', () => {
    const env = readEnv(PRODUCTION);
    expect(env.PAYMENTS).toBe('stripe');
    expect(env.SEED_DEMO).toBe(false);
    expect(env.PUBLIC_URL).toBe('https://cards.example.com');
  });

  it('refuses the default local payments, naming the variable and what to set', () => {
    expect(refusal({ ...PRODUCTION, PAYMENTS: undefined })).toContain(
      'PAYMENTS=local (the default) takes no real payments: set PAYMENTS=stripe with its keys, or DEMO=true if this instance is a demo',
    );
    expect(refusal({ ...PRODUCTION, PAYMENTS: 'local' })).toContain('PAYMENTS=local takes no real payments');
  });

  it('refuses an explicit SEED_DEMO=true, but accepts SEED_DEMO=false', () => {
    expect(refusal({ ...PRODUCTION, SEED_DEMO: 'true' })).toMatch(
      /SEED_DEMO=true would publish the sample profile/,
    );
    expect(readEnv({ ...PRODUCTION, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('refuses a missing PUBLIC_URL, and an http one', () => {
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: undefined })).toMatch(
      /PUBLIC_URL is not set, so links, QR codes and vCards would point at localhost/,
    );
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: '' })).toMatch(/PUBLIC_URL is not set/);
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: 'http://cards.example.com' })).toMatch(
      /PUBLIC_URL=http:\/\/cards\.example\.com is not https/,
    );
  });

  it('lists every problem at once, one line each, under a heading that names the mode', () => {
    const message = refusal({ PRODUCTION: 'true', SEED_DEMO: 'true' });
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration (production mode: PRODUCTION=true):');
    expect(lines.slice(1).map((line) => line.trim().split(/[ =]/)[0])).toEqual([
      'PAYMENTS',
      'SEED_DEMO',
      'PUBLIC_URL',
    ]);
  });

  it('lists missing Stripe keys beside the production problems', () => {
    const message = refusal({ PRODUCTION: 'true', PAYMENTS: 'stripe' });
    expect(message).toContain('PAYMENTS=stripe needs STRIPE_SECRET_KEY');
    expect(message).toContain('PUBLIC_URL is not set');
  });

  it('runs a demo with DEMO=true: local payments, the sample profile and a localhost address are allowed', () => {
    const env = readEnv({ PRODUCTION: 'true', DEMO: 'true' });
    expect(env.PAYMENTS).toBe('local');
    expect(env.SEED_DEMO).toBe(true);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(readEnv({ PRODUCTION: 'true', DEMO: 'true', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});

describe('TEST_CLOCK', () => {
  it('is off unless asked for, and allowed with local payments outside production mode', () => {
    expect(readEnv({}).TEST_CLOCK).toBe(false);
    expect(readEnv({ TEST_CLOCK: 'true' }).TEST_CLOCK).toBe(true);
  });

  it('is refused in production mode, even for a demo, and with real Stripe', () => {
    expect(refusal({ PRODUCTION: 'true', DEMO: 'true', TEST_CLOCK: 'true' })).toContain(
      'TEST_CLOCK=true lets anyone move the clock',
    );
    expect(refusal({ ...STRIPE, TEST_CLOCK: 'true' })).toContain('with Stripe, use its test clocks');
  });
});

describe('STORAGE', () => {
  const S3 = {
    STORAGE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'tradecard',
    S3_REGION: 'eu-west-2',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is the disk by default', () => {
    expect(readEnv({}).STORAGE).toBe('disk');
  });

  it('takes a bucket with every setting given', () => {
    const env = readEnv({ ...S3, S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'cards/' });
    expect(env).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'tradecard', S3_FORCE_PATH_STYLE: true });
    expect(env.S3_PREFIX).toBe('cards/');
  });

  it('names each missing S3 setting at once', () => {
    for (const name of Object.keys(S3).filter((key) => key !== 'STORAGE')) {
      const message = refusal({ ...S3, [name]: undefined });
      expect(message).toContain(`STORAGE=s3 needs ${name}`);
    }
    const none = refusal({ STORAGE: 's3' });
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(none).toContain(name);
  });

  it('refuses a prefix that is not folder names', () => {
    expect(refusal({ ...S3, S3_PREFIX: '../x' })).toContain('S3_PREFIX');
    expect(refusal({ ...S3, S3_ENDPOINT: 'not a url' })).toContain('S3_ENDPOINT');
  });
});

describe('Apple Wallet (WALLET_*)', () => {
  const WALLET = {
    WALLET_PASS_TYPE_ID: 'pass.com.example.card',
    WALLET_TEAM_ID: 'A1B2C3D4E5',
    WALLET_SIGNER_CERT: 'certs/pass.pem',
    WALLET_SIGNER_KEY: 'certs/pass.key',
    WALLET_WWDR_CERT: '/run/secrets/wwdr.pem',
  };

  it('is off with none given, empty values included', () => {
    expect(readEnv({}).wallet).toBeNull();
    expect(readEnv(Object.fromEntries(Object.keys(WALLET).map((name) => [name, '']))).wallet).toBeNull();
  });

  it('takes every setting given, with the files’ paths made absolute', () => {
    expect(readEnv({ ...WALLET, WALLET_SIGNER_KEY_PASSPHRASE: 'secret' }).wallet).toEqual({
      passTypeId: 'pass.com.example.card',
      teamId: 'A1B2C3D4E5',
      signerCertFile: path.resolve('certs/pass.pem'),
      signerKeyFile: path.resolve('certs/pass.key'),
      signerKeyPassphrase: 'secret',
      wwdrCertFile: '/run/secrets/wwdr.pem',
    });
    expect(readEnv(WALLET).wallet?.signerKeyPassphrase).toBeUndefined();
  });

  it('refuses part of a configuration, naming what is missing and what was given', () => {
    expect(refusal({ ...WALLET, WALLET_SIGNER_KEY: undefined, WALLET_WWDR_CERT: '' })).toContain(
      'Apple Wallet passes need WALLET_SIGNER_KEY, WALLET_WWDR_CERT as well as WALLET_PASS_TYPE_ID, WALLET_TEAM_ID, WALLET_SIGNER_CERT: set them, or remove every WALLET_* setting to offer no passes',
    );
    expect(refusal({ WALLET_SIGNER_KEY_PASSPHRASE: 'secret' })).toContain(
      'Apple Wallet passes need WALLET_PASS_TYPE_ID, WALLET_TEAM_ID, WALLET_SIGNER_CERT, WALLET_SIGNER_KEY, WALLET_WWDR_CERT as well as WALLET_SIGNER_KEY_PASSPHRASE',
    );
    expect(refusal({ ...WALLET, WALLET_TEAM_ID: undefined })).toContain(
      'need WALLET_TEAM_ID as well as WALLET_PASS_TYPE_ID, WALLET_SIGNER_CERT, WALLET_SIGNER_KEY, WALLET_WWDR_CERT: set it,',
    );
  });

  it('refuses identifiers that are not Apple’s, naming the variable', () => {
    expect(refusal({ ...WALLET, WALLET_PASS_TYPE_ID: 'com.example.card' })).toContain(
      'WALLET_PASS_TYPE_ID must be the Pass Type ID registered with Apple (e.g. pass.com.example.card)',
    );
    expect(refusal({ ...WALLET, WALLET_TEAM_ID: 'a1b2c3' })).toContain(
      'WALLET_TEAM_ID must be the 10-character Team ID of the Apple developer account',
    );
  });
});

describe('the seller invoices name (SELLER_*, issue 28)', () => {
  it('is the sample seller, not registered for VAT, unless set', () => {
    expect(readEnv({}).seller).toEqual({ name: 'TradeCard', address: ['United Kingdom'], vatNumber: null });
    expect(readEnv({ SELLER_VAT_NUMBER: '' }).seller.vatNumber).toBeNull();
  });

  it('takes a name, an address a line per comma, and a VAT number as HMRC writes it', () => {
    const env = readEnv({
      SELLER_NAME: 'TradeCard Ltd',
      SELLER_ADDRESS: '1 High Street, Leeds,, LS1 1AA ',
      SELLER_VAT_NUMBER: 'gb 123 4567 89',
    });
    expect(env.seller).toEqual({
      name: 'TradeCard Ltd',
      address: ['1 High Street', 'Leeds', 'LS1 1AA'],
      vatNumber: 'GB123456789',
    });
  });

  it('refuses a VAT number that is not a UK one, naming the variable', () => {
    expect(refusal({ SELLER_VAT_NUMBER: '12345' })).toMatch(
      /SELLER_VAT_NUMBER: SELLER_VAT_NUMBER must be a UK VAT/,
    );
  });
});

describe('own domains (issue 31)', () => {
  it('points owners at PUBLIC_URL’s host unless told otherwise, and asks the machine’s DNS', () => {
    const env = readEnv({ PUBLIC_URL: 'https://cards.example.com' });
    expect([env.DOMAIN_TARGET_HOST, env.DOMAIN_TARGET_ADDRESSES, env.DNS_RESOLVER]).toEqual([
      'cards.example.com',
      [],
      [],
    ]);
    const set = readEnv({
      DOMAIN_TARGET_HOST: 'Front.Example.com',
      DOMAIN_TARGET_ADDRESSES: '203.0.113.10, 2001:db8::10',
      DNS_RESOLVER: '127.0.0.1:5353,[::1]:53,9.9.9.9',
    });
    expect([set.DOMAIN_TARGET_HOST, set.DOMAIN_TARGET_ADDRESSES, set.DNS_RESOLVER]).toEqual([
      'front.example.com',
      ['203.0.113.10', '2001:db8::10'],
      ['127.0.0.1:5353', '[::1]:53', '9.9.9.9'],
    ]);
  });

  it('refuses addresses and resolvers that are not IP addresses, naming the variable', () => {
    expect(refusal({ DOMAIN_TARGET_ADDRESSES: 'front.example.com' })).toContain(
      'DOMAIN_TARGET_ADDRESSES must be',
    );
    for (const value of ['dns.example.com', '127.0.0.1:99999', '1.2.3.4:53:1', '[1.2.3.4]:53'])
      expect(refusal({ DNS_RESOLVER: value }), value).toContain('DNS_RESOLVER must be');
  });
});
