import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server's data folder for this run. Made once by the runner, which loads the config first; its workers inherit
 * the variable, so journeys can read the same outbox the server writes to.
 */
export function e2eDataDir(): string {
  process.env.TRADECARD_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-e2e-'));
  return process.env.TRADECARD_E2E_DATA_DIR;
}

/** The chat widget address the site is built with for the journeys; they answer it with page.route. */
export const CHAT_WIDGET_STAND_IN = 'https://chat.tradecard.test/widget.js';

/** 3917 unless TRADECARD_E2E_PORT says otherwise, so two runs on one machine don't fight over a port. */
export const e2ePort = (): number => Number(process.env.TRADECARD_E2E_PORT ?? 3917);

/**
 * Issue 31: the port of the DNS server the own-domain journey starts (tests/support/dns/), which the journeys'
 * server asks (DNS_RESOLVER); beside the server's own port, so two runs side by side don't share one.
 */
export const e2eDnsPort = (): number => e2ePort() + 53;
/** The service host owners point their domains' CNAME at, in the journeys. */
export const E2E_SERVICE_HOST = 'cards.e2e.test';

/** Debian's Chromium, and the flags every journey's browser runs with (the developers' guide names them). */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
