import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CADDY, CADDYFILE, type RunningCaddy, startCaddy } from '../support/deploy/caddy';
import { request } from '../support/deploy/http';

const SERVICE_HOST = 'cards.test';
const ALLOWED = 'taylor.test';
const STRANGER = 'stranger.test';
/** Sent by the visitor: Caddy must replace it, or TRUST_PROXY=1 would take it for the visitor's address. */
const SPOOFED = '203.0.113.9';

type Asked = { domain: string; status: number };
/** What the stand-in was sent, echoed as its answer's body. */
type Seen = { host: string; path: string; forwardedFor: string; forwardedProto: string };

/**
 * The product's two faces towards Caddy, and no more: `/api/domains/allowed` (200 for an allowed domain, 404 for any
 * other) and an echo of everything else, so the test sees what Caddy passed on.
 */
async function startStandIn(allowed: ReadonlySet<string>) {
  const asked: Asked[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/api/domains/allowed') {
      const domain = url.searchParams.get('domain') ?? '';
      const status = allowed.has(domain) ? 200 : 404;
      asked.push({ domain, status });
      res.writeHead(status).end();
      return;
    }
    const seen: Seen = {
      host: req.headers.host ?? '',
      path: req.url ?? '',
      forwardedFor: String(req.headers['x-forwarded-for'] ?? ''),
      forwardedProto: String(req.headers['x-forwarded-proto'] ?? ''),
    };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Secure = { status: number; seen: Seen; altNames: string };

/** GET over TLS to Caddy as a browser on `name` would: SNI and Host `name`, trusting Caddy's root alone. */
function secureGet(port: number, name: string, ca: string, pathname = '/'): Promise<Secure> {
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        servername: name,
        ca,
        headers: { host: name, 'x-forwarded-for': SPOOFED },
        agent: false,
      },
      (response) => {
        const altNames = (response.socket as tls.TLSSocket).getPeerCertificate().subjectaltname ?? '';
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: response.statusCode ?? 0, seen: JSON.parse(body) as Seen, altNames });
          } catch {
            reject(new Error(`${name}${pathname}: ${response.statusCode} ${body}`));
          }
        });
      },
    );
    outgoing.on('error', reject);
    // The first handshake for a name waits while Caddy issues its certificate.
    outgoing.setTimeout(30_000, () =>
      outgoing.destroy(new Error(`GET https://${name}${pathname} timed out`)),
    );
    outgoing.end();
  });
}

// CI installs caddy (.ci/run); on a laptop without it this suite says so and stands aside.
describe.skipIf(!fs.existsSync(CADDY))(
  `deploy/Caddyfile in front of a stand-in for the product (needs Debian's caddy at ${CADDY})`,
  () => {
    let standIn: Awaited<ReturnType<typeof startStandIn>>;
    let caddy: RunningCaddy;
    let ca: string;

    beforeAll(async () => {
      standIn = await startStandIn(new Set([ALLOWED]));
      caddy = await startCaddy({ upstream: standIn.address, serviceHost: SERVICE_HOST });
      ca = await caddy.rootCaPem();
    }, 60_000);

    afterAll(async () => {
      await caddy?.stop();
      await standIn?.close();
    });

    /** Caddy's log beside a failure: why it refused or what it could not reach. */
    const log = () => `caddy's log:\n${caddy.output()}`;

    it("is, as shipped, a valid and formatted configuration for Let's Encrypt", () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-caddy-validate-'));
      try {
        // The production issuers are provisioned, not used: nothing is sent to Let's Encrypt.
        const result = spawnSync(CADDY, ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
          env: {
            ...process.env,
            HOME: home,
            XDG_DATA_HOME: path.join(home, 'data'),
            XDG_CONFIG_HOME: path.join(home, 'config'),
            TRADECARD_HOST: 'cards.example.com',
            ACME_EMAIL: 'ops@example.com',
          },
          encoding: 'utf8',
          timeout: 30_000,
        });
        const said = `${result.stdout}${result.stderr}`;
        expect(result.status, said).toBe(0);
        // `caddy fmt --overwrite deploy/Caddyfile` after an edit.
        expect(said).not.toContain('not formatted');
      } finally {
        fs.rmSync(home, { recursive: true, force: true });
      }
    });

    it("serves a verified domain over https with a certificate for it, passing on the visitor's Host", async () => {
      const answer = await secureGet(caddy.httpsPort, ALLOWED, ca, '/u/taylor?from=card');
      expect(answer.status, log()).toBe(200);
      expect(answer.altNames.split(', ')).toContain(`DNS:${ALLOWED}`);
      expect(answer.seen).toEqual({
        host: ALLOWED,
        path: '/u/taylor?from=card',
        // The address the connection came from, alone: one hop for TRUST_PROXY=1.
        forwardedFor: '127.0.0.1',
        forwardedProto: 'https',
      });
      expect(standIn.asked).toContainEqual({ domain: ALLOWED, status: 200 });
    });

    it('issues nothing for a domain the product does not allow: the handshake fails', async () => {
      // Refused inside the handshake (TLS alert 80), not a connection turned away: Caddy asked and was told no.
      await expect(secureGet(caddy.httpsPort, STRANGER, ca)).rejects.toThrow(/alert internal error/);
      expect(standIn.asked, log()).toContainEqual({ domain: STRANGER, status: 404 });
    });

    it('redirects plain http on a customer domain to https', async () => {
      const answer = await request(`http://127.0.0.1:${caddy.httpPort}/u/taylor?from=card`, {
        host: ALLOWED,
      });
      expect(answer.status, log()).toBe(308);
      // No port: Caddy takes https_port for the port behind a forward from 443, as it is in production.
      expect(answer.headers.location).toBe(`https://${ALLOWED}/u/taylor?from=card`);
    });

    it('serves the service host with the certificate obtained at start', async () => {
      // Obtained in the background once Caddy listens: a handshake before it is ready finds no certificate.
      const answer = await vi
        .waitFor(() => secureGet(caddy.httpsPort, SERVICE_HOST, ca, '/api/health'), {
          timeout: 30_000,
          interval: 100,
        })
        .catch((error: Error) => {
          throw new Error(`${error.message}\n${log()}`);
        });
      expect(answer.status).toBe(200);
      expect(answer.altNames.split(', ')).toContain(`DNS:${SERVICE_HOST}`);
      expect(answer.seen).toMatchObject({
        host: SERVICE_HOST,
        forwardedProto: 'https',
        forwardedFor: '127.0.0.1',
      });
      // Its own site, not the on-demand one: the product is never asked about it.
      expect(standIn.asked.map(({ domain }) => domain)).not.toContain(SERVICE_HOST);
    });
  },
);
