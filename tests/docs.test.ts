import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../api/env';
import { registry } from '../observability/metrics';
import { createTestApp } from './support/api/app';

// Issue 26: the README is what a newcomer reads in five minutes; the manual is docs/*.md. Each check here fails when
// a page and the code it describes part ways: a setting, an npm script, an API route or a metric added or removed on
// one side only, a link that leads nowhere, a top-level folder the README does not explain, or a README grown long.
// Folders whose names start with a dot (.ci/) are the workshop's, not the product's, and are left out.

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const README = 'README.md';
const PAGES = fs
  .readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const DECISIONS = fs
  .readdirSync(path.join(root, 'docs/decisions'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/decisions/${name}`);
/** The manual: the README and the pages beside it (the decisions are a record, not a manual). */
const MANUAL = [README, ...PAGES];

/** Markdown without its fenced code blocks, where a `|` or `](…)` is an example rather than a table or a link. */
const prose = (markdown: string) => markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');

/** Each table of a page as rows of trimmed cells, its header row first and its `---` row left out. */
function tables(markdown: string): string[][][] {
  const found: string[][][] = [];
  let current: string[][] | null = null;
  for (const line of prose(markdown)
    .split('\n')
    .map((text) => text.trim())) {
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    if (!current) {
      current = [];
      found.push(current);
    }
    const cells = line
      .replace(/^\||\|\s*$/g, '')
      .split('|')
      .map((cell) => cell.trim());
    if (!cells.every((cell) => /^:?-+:?$/.test(cell))) current.push(cells);
  }
  return found;
}

/** The first column of the page's table whose first header cell is `header`, each cell's code span unwrapped. */
function firstColumn(file: string, header: string): string[] {
  const table = tables(read(file)).find((rows) => rows[0]?.[0] === header);
  if (!table) throw new Error(`${file} has no table headed "${header}"`);
  return table.slice(1).map((row) => (row[0] ?? '').replace(/^`|`$/g, ''));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Every relative link of a page (`[text](target)`), outside code; web and mail links are not ours to check. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = prose(markdown).replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((match) => match[1] as string)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** What is wrong with one link of `file`, or null: the file or folder must exist, and a `#fragment` be a heading. */
function brokenLink(file: string, target: string): string | null {
  const [pathPart = '', fragment] = target.split('#') as [string, string | undefined];
  const resolved =
    pathPart === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), pathPart);
  if (!resolved.startsWith(root + path.sep) && resolved !== root)
    return `${target} leads out of the repository`;
  if (!fs.existsSync(resolved)) return `${target}: no such file`;
  if (fragment === undefined) return null;
  if (!resolved.endsWith('.md')) return `${target}: an anchor into a file that is not Markdown`;
  const anchors = anchorsOf(fs.readFileSync(resolved, 'utf8'));
  return anchors.has(decodeURIComponent(fragment)) ? null : `${target}: no heading with that anchor`;
}

describe('the README', () => {
  const readme = read(README);

  it('is read in five minutes: at most 10 KB', () => {
    expect(Buffer.byteLength(readme, 'utf8')).toBeLessThanOrEqual(10 * 1024);
  });

  it('keeps the two quick-start lines: install and run, install and test', () => {
    expect(readme).toContain(
      '```sh\n. scripts/node24.sh && npm ci && npm start\n. scripts/node24.sh && npm ci && npm test\n```\n',
    );
  });

  it("says what each top-level folder is for, and names none that isn't there", () => {
    // The repository's folders as git sees them (tracked, or new and not ignored), as tests/boundaries.test.ts does.
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    });
    const folders = new Set(
      files
        .split('\n')
        .filter((file) => file.includes('/') && !file.startsWith('.') && fs.existsSync(path.join(root, file)))
        .map((file) => `${file.split('/')[0]}/`),
    );
    const layout = firstColumn(README, 'folder');
    expect([...folders].filter((folder) => !layout.includes(folder))).toEqual([]);
    // A folder only the running product makes (data/) is git-ignored rather than absent.
    const ignored = (folder: string) => {
      try {
        execFileSync('git', ['check-ignore', '-q', folder], { cwd: root });
        return true;
      } catch {
        return false;
      }
    };
    expect(layout.filter((folder) => !folders.has(folder) && !ignored(folder))).toEqual([]);
  });
});

describe('links', () => {
  it('finds the pages it checks', () => {
    expect(PAGES).toEqual(
      expect.arrayContaining([
        'docs/api.md',
        'docs/configuration.md',
        'docs/development.md',
        'docs/operations.md',
        'docs/payments.md',
      ]),
    );
    expect(relativeLinks(read(README)).length).toBeGreaterThan(10);
  });

  it.each([...MANUAL, ...DECISIONS])(
    '%s: every relative link leads to a file (and heading) that exists',
    (file) => {
      const broken = relativeLinks(read(file)).flatMap((target) => brokenLink(file, target) ?? []);
      expect(broken).toEqual([]);
    },
  );

  it('the README links every page of the manual', () => {
    const linked = relativeLinks(read(README)).map((target) => target.split('#')[0]);
    expect(PAGES.filter((page) => !linked.includes(page))).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  it('documents every variable api/env.ts reads, and only those', () => {
    // readEnv over an empty environment that records each name asked of it: exactly what env.ts reads, its parts in
    // other files (the Wallet settings) included.
    const asked = new Set<string>();
    const environment = new Proxy({} as NodeJS.ProcessEnv, {
      get(target, name) {
        if (typeof name === 'string') asked.add(name);
        return Reflect.get(target, name);
      },
    });
    readEnv(environment);
    const names = [...asked].filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name)).sort();
    expect(names).toContain('PORT');
    expect(names).toContain('WALLET_WWDR_CERT');
    expect(firstColumn('docs/configuration.md', 'variable').sort()).toEqual(names);
  });
});

describe('npm scripts', () => {
  const scripts = Object.keys(
    (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
  );
  const manual = MANUAL.map(read).join('\n');
  const mentions = (name: string) => {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const shorthand = name === 'start' || name === 'test' ? `|npm ${escaped}` : '';
    return new RegExp(`(npm run ${escaped}${shorthand})(?![\\w:-])`).test(manual);
  };

  it('are each mentioned in the README or docs/', () => {
    expect(scripts.filter((name) => !mentions(name))).toEqual([]);
  });

  it('the manual names none that package.json lacks', () => {
    const named = new Set([...manual.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1] as string));
    expect([...named].filter((name) => !scripts.includes(name))).toEqual([]);
  });
});

describe('docs/api.md', () => {
  let routes: string[] = [];
  let close = async () => {};

  beforeAll(async () => {
    // The app as the tests build it, with every optional area switched on (a test clock, never moved here), so that
    // its router lists each route it can have. Nothing is requested.
    const t = await createTestApp({ testClock: { now: () => new Date(), advance: () => {} } });
    close = () => t.close();
    routes = [
      ...new Set(
        t.app.routes
          .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
          .map((route) => `${route.method} ${route.path}`),
      ),
    ].sort();
  });
  afterAll(() => close());

  it('lists every route the API registers, and only those', () => {
    expect(routes).toContain('POST /api/register');
    const documented = firstColumn('docs/api.md', 'call').map((call) => call.replace(/\?.*$/, ''));
    expect(documented.filter((call, i) => documented.indexOf(call) !== i)).toEqual([]);
    expect(documented.sort()).toEqual(routes);
  });
});

describe('docs/operations.md', () => {
  it('lists every metric the service exports (besides Node’s own), and only those', () => {
    const ours = registry
      .getMetricsAsArray()
      .map((metric) => metric.name)
      .filter((name) => !/^(process|nodejs)_/.test(name))
      .sort();
    expect(ours).toContain('http_request_duration_seconds');
    const documented = firstColumn('docs/operations.md', 'series').map((series) =>
      series.replace(/\{.*\}$/, ''),
    );
    expect(documented.sort()).toEqual(ours);
  });

  it('says the image’s HEALTHCHECK polls liveness, as the Dockerfile does: readiness is the load balancer’s', () => {
    // A container restarted for a database away or a full disk comes back to the same fault, every instance at once.
    const healthcheck = /^HEALTHCHECK\b.*\\\n\s*CMD (.+)$/m.exec(read('Dockerfile'))?.[1] ?? '';
    expect(healthcheck).toContain("/api/health'");
    expect(healthcheck).not.toContain('/api/ready');
    expect(read('docs/operations.md')).toMatch(/`HEALTHCHECK` polls `\/api\/health`/);
  });
});
