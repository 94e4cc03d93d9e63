import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BROTLI_MODULE,
  NGINX,
  type NginxSettings,
  renderNginxConfig,
  TEMPLATE,
} from '../support/deploy/nginx';

const template = fs.readFileSync(TEMPLATE, 'utf8');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function settings(overrides: Partial<NginxSettings> = {}): NginxSettings {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-nginx-t-'));
  dirs.push(runDir);
  return {
    dataDir: '/srv/tradecard/data',
    siteDir: '/srv/tradecard/site/dist',
    upstream: '127.0.0.1:3000',
    visits: '127.0.0.1:5140',
    publicHost: 'cards.example.com',
    listen: '127.0.0.1:8080',
    runDir,
    ...overrides,
  };
}

describe('deploy/nginx.conf as a template', () => {
  it('has every placeholder filled, the brotli lines only with the module', () => {
    const withBrotli = renderNginxConfig(template, settings({ brotli: true }));
    const without = renderNginxConfig(template, settings({ brotli: false }));
    for (const config of [withBrotli, without]) {
      expect(config).toContain('root /srv/tradecard/data/public;');
      expect(config).toContain('server 127.0.0.1:3000;');
    }
    expect(withBrotli).toMatch(/^\s*brotli_static on;/m);
    expect(without).not.toMatch(/brotli_static|load_module/);
  });

  it('balances over several instances: a server line each in the upstream block', () => {
    const config = renderNginxConfig(template, settings({ upstream: ['127.0.0.1:3001', '127.0.0.1:3002'] }));
    const upstream = /upstream tradecard \{([^}]*)\}/.exec(config)?.[1] ?? '';
    expect(upstream.match(/^\s*server .*$/gm)?.map((line) => line.trim())).toEqual([
      'server 127.0.0.1:3001;',
      'server 127.0.0.1:3002;',
    ]);
  });

  it('tells the instances of each page nginx sends itself, for the service host alone (ADR 045)', () => {
    const config = renderNginxConfig(template, settings({ upstream: ['127.0.0.1:3001', '127.0.0.1:3002'] }));
    expect(config.match(/access_log syslog:server=[^,]+/g)).toEqual([
      'access_log syslog:server=127.0.0.1:5140',
    ]);
    expect(config).toMatch(/map \$host \$tc_service_host \{\s*cards\.example\.com 1;/);
  });

  it('refuses a template with a placeholder it does not know', () => {
    expect(() => renderNginxConfig(`${template}\nlisten {{PORT}};\n`, settings())).toThrow(/\{\{PORT\}\}/);
  });

  // nginx -t reads the whole file, modules included, and opens its logs: a typo fails here, not at deploy time.
  it.skipIf(!fs.existsSync(NGINX))(`passes nginx -t, with and without the brotli module (${NGINX})`, () => {
    const variants = fs.existsSync(BROTLI_MODULE) ? [true, false] : [false];
    for (const brotli of variants) {
      const filled = settings({ brotli, hsts: 'max-age=63072000; includeSubDomains' });
      const file = path.join(filled.runDir, 'nginx.conf');
      fs.writeFileSync(file, renderNginxConfig(template, filled));
      const checked = spawnSync(
        NGINX,
        ['-t', '-q', '-e', path.join(filled.runDir, 'error.log'), '-p', filled.runDir, '-c', file],
        { encoding: 'utf8' },
      );
      // A warning may remain (the user directive, when not run as root); nothing worse may.
      expect(checked.stderr, `brotli ${brotli}`).not.toMatch(/\[(emerg|alert|crit|error)\]/);
      expect(checked.status, `brotli ${brotli}: ${checked.stderr}`).toBe(0);
    }
  });
});
