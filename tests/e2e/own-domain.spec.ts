import { createHash, X509Certificate } from 'node:crypto';
import { chromium, expect, test } from '@playwright/test';
import { startCaddy } from '../support/deploy/caddy';
import { startTestDnsServer } from '../support/dns/test-dns-server';
import { decodeQrImage } from '../support/static/decode-qr';
import { livePage, storeSession } from './accounts';
import { expectNoAxeViolations } from './axe';
import { CHROMIUM, CHROMIUM_ARGS, E2E_SERVICE_HOST, e2eDnsPort } from './env';

/**
 * Issue 31's done-when: an owner connects their domain, sees it go live, and the page opens at https://<domain>/ in
 * Chromium through Caddy (the shipped deploy/Caddyfile, its own CA in Let's Encrypt's place); the share QR names the
 * domain, and /u/<username> answers 301 to it. DNS is a server the journey runs, which the journeys' server asks.
 */

const DOMAIN = 'card.robinbuild.e2e.test';

/** The base64 SHA-256 of a certificate's public key: what Chromium's --ignore-certificate-errors-spki-list names. */
const spkiHash = (pem: string) =>
  createHash('sha256')
    .update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');

test('connect a domain → live → https://<domain>/ through Caddy → the share QR names it → /u/<name> moves there', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const owner = 'robinbuild';
  const dns = await startTestDnsServer({}, e2eDnsPort());
  const caddy = await startCaddy({
    upstream: new URL(baseURL as string).host,
    serviceHost: E2E_SERVICE_HOST,
  });
  try {
    const token = await livePage(request, owner, 'Robin Build');

    // Settings: the domain typed as the owner would, the records to set, shown until DNS has them.
    await storeSession(page, token);
    await page.goto('/profile');
    const settings = page.getByRole('region', { name: 'Your own domain' });
    await settings.getByLabel('Your domain').fill(`https://${DOMAIN.toUpperCase()}/`);
    await settings.getByRole('button', { name: 'Connect domain' }).click();
    const records = settings.getByRole('table', {
      name: `Set these at the company you bought ${DOMAIN} from`,
    });
    await expect(records).toBeVisible();
    const txtValue = (
      await records.getByRole('row', { name: /TXT/ }).locator('code').last().innerText()
    ).trim();
    expect(txtValue).toMatch(/^tradecard-verify=/);
    await expect(records.getByRole('row', { name: /CNAME/ })).toContainText(E2E_SERVICE_HOST);
    await expect(settings.getByRole('status')).toContainText(/Checking…|Waiting for DNS/);
    await expectNoAxeViolations(page);

    // The owner sets them at their registrar, and asks us to look again.
    dns.set(`_tradecard.${DOMAIN}`, { TXT: [txtValue] });
    dns.set(DOMAIN, { CNAME: E2E_SERVICE_HOST });
    await settings.getByRole('button', { name: 'Check again now' }).click();
    await expect(settings.getByRole('status')).toContainText('Live since', { timeout: 30_000 });
    await expect(settings.getByRole('link', { name: `Open https://${DOMAIN}/` })).toBeVisible();

    // The share modal and its QR code name the domain.
    await page.getByRole('button', { name: /^Share/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Link' });
    await expect(dialog.getByRole('textbox')).toHaveValue(`${DOMAIN}/`);
    const qr = await request.get(`/u/${owner}/qr.png`);
    expect(await decodeQrImage(await qr.body())).toBe(`https://${DOMAIN}/q`);

    // The service address moves there, once this server knows the domain is live (within seconds).
    await expect
      .poll(async () => (await request.get(`/u/${owner}`, { maxRedirects: 0 })).headers().location)
      .toBe(`https://${DOMAIN}/`);

    // A customer's phone opens https://<domain>/: DNS leads to Caddy, which gets a certificate for it on demand.
    const intermediate = spkiHash(await caddy.intermediateCaPem());
    const root = spkiHash(await caddy.rootCaPem());
    const phone = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        ...CHROMIUM_ARGS,
        // The domain resolves to this machine, as the journey's DNS says it would to a CNAME to us.
        `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`,
        // Caddy's CA trusted, and only it: a certificate it did not sign is still refused.
        `--ignore-certificate-errors-spki-list=${intermediate},${root}`,
      ],
    });
    try {
      const customer = await phone.newPage();
      const opened = await customer.goto(`https://${DOMAIN}:${caddy.httpsPort}/`);
      expect(opened?.status()).toBe(200);
      await expect(customer.getByRole('heading', { level: 1, name: 'Robin Build' })).toBeVisible();
      expect(await customer.locator('link[rel="canonical"]').getAttribute('href')).toBe(`https://${DOMAIN}/`);
      const certificate = await opened?.securityDetails();
      // Issued for the domain on demand, by the CA the test trusts (its certificates name the domain in SAN only).
      expect(certificate?.issuer).toMatch(/Caddy Local Authority/);
      // Its quote form, under the domain too.
      await customer.goto(`https://${DOMAIN}:${caddy.httpsPort}/quote`);
      await expect(customer.getByRole('button', { name: 'Send request' })).toBeVisible();
    } finally {
      await phone.close();
    }
  } finally {
    await caddy.stop();
    await dns.close();
  }
});
