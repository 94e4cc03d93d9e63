import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { asPromQL, exportedSeries, promtool, seriesNames } from '../tests/support/observability/promql';
import { registry } from './metrics';

// Issue 27: the alert rules and the dashboard ship beside the metrics they read. Prometheus loads a rules file
// only whole, so one that does not parse, or an alert on a series renamed since, fails silently on the night it is
// needed: promtool checks and unit-tests the rules here, and every series they and the dashboard name must exist.

const root = path.resolve(import.meta.dirname, '..');
const RULES = 'observability/alerts.yml';
const RULE_TESTS = 'tests/support/observability/alerts.promtool.yml';

type Rule = {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
};
const groups = (parse(fs.readFileSync(path.join(root, RULES), 'utf8')) as { groups: { rules: Rule[] }[] })
  .groups;
const alerts = groups.flatMap((group) => group.rules).filter((rule) => rule.alert);
const names = alerts.map((rule) => rule.alert as string);

type Panel = { id: number; type: string; title: string; targets?: { expr: string }[]; panels?: Panel[] };
const dashboard = JSON.parse(fs.readFileSync(path.join(root, 'observability/dashboard.json'), 'utf8')) as {
  panels: Panel[];
  templating: { list: { name: string; query?: string | { query: string } }[] };
};
const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]);
const panelExprs = panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));

let exported: Set<string>;
beforeAll(async () => {
  exported = await exportedSeries(registry);
});

/** What promtool said, for a failure's message. */
const said = (result: { stdout: string; stderr: string }) => `${result.stdout}\n${result.stderr}`;

describe('the PromQL reader the checks below rely on', () => {
  it('finds the series of an expression, and no function, keyword, label, duration or variable', () => {
    expect(
      seriesNames(
        'histogram_quantile(0.95, sum by (route, le) (rate(http_request_duration_seconds_bucket{route!~"/api/(a|b)",instance=~"$instance"}[$__rate_interval] offset 1h))) > 1e3 and on (instance) up == bool 0 or absent(mails_failed_total)',
      ).sort(),
    ).toEqual(['http_request_duration_seconds_bucket', 'mails_failed_total', 'up']);
  });

  it('knows the service’s series with their suffixes, and would catch a misspelled one', () => {
    expect(exported).toContain('mails_failed_total');
    expect(exported).toContain('http_request_duration_seconds_bucket');
    expect(exported).toContain('s3_request_duration_seconds_count');
    expect(exported).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(exported).not.toContain('http_request_duration_seconds');
    expect(seriesNames('increase(mail_failed_total[5m]) > 0').filter((name) => !exported.has(name))).toEqual([
      'mail_failed_total',
    ]);
  });
});

describe(RULES, () => {
  it('passes promtool check rules', () => {
    const result = promtool(root, 'check', 'rules', RULES);
    expect(result.status, said(result)).toBe(0);
    expect(result.stdout).toContain(`SUCCESS: ${alerts.length} rules found`);
  });

  it('passes its unit tests under promtool test rules: the first mail that fails fires an alert', () => {
    const cases = parse(fs.readFileSync(path.join(root, RULE_TESTS), 'utf8')) as {
      tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
    };
    const fired = cases.tests.flatMap((test) =>
      test.alert_rule_test.filter((check) => check.exp_alerts.length > 0).map((check) => check.alertname),
    );
    expect(fired).toContain('TradeCardMailFailing');
    expect(fired).toContain('TradeCardMailGivenUp');
    const result = promtool(root, 'test', 'rules', RULE_TESTS);
    expect(result.status, said(result)).toBe(0);
  });

  it('has only alerts, each named once, with `for`, a severity and what to check', () => {
    expect(alerts.length).toBe(groups.flatMap((group) => group.rules).length);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of alerts) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(['critical', 'warning', 'info'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary?.length, rule.alert).toBeGreaterThan(20);
      expect(rule.annotations?.description?.length, rule.alert).toBeGreaterThan(100);
    }
  });

  it('points each alert at a page of the manual and a heading that exist, and names only alerts that exist', () => {
    for (const rule of alerts) {
      const [file, anchor] = (rule.annotations?.runbook ?? '').split('#');
      expect(file, rule.alert).toMatch(/^docs\/.+\.md$/);
      const page = fs.readFileSync(path.join(root, file as string), 'utf8');
      if (anchor) expect(headingAnchors(page), `${rule.alert}: ${file}#${anchor}`).toContain(anchor);
      const mentioned = `${rule.annotations?.summary} ${rule.annotations?.description}`.match(
        /TradeCard[A-Z]\w+/g,
      );
      for (const other of mentioned ?? []) expect(names, `${rule.alert} mentions ${other}`).toContain(other);
    }
  });

  it('names only series the service exports (or `up`, which Prometheus writes)', () => {
    const unknown = alerts.flatMap((rule) =>
      seriesNames(rule.expr)
        .filter((name) => !exported.has(name))
        .map((name) => `${rule.alert}: ${name}`),
    );
    expect(alerts.every((rule) => seriesNames(rule.expr).length > 0)).toBe(true);
    expect(unknown).toEqual([]);
  });

  it('is the list docs/operations.md gives, each with its severity', () => {
    const documented = alertRows(fs.readFileSync(path.join(root, 'docs/operations.md'), 'utf8'));
    expect(documented).toEqual(Object.fromEntries(alerts.map((rule) => [rule.alert, rule.labels?.severity])));
  });
});

describe('observability/dashboard.json', () => {
  it('parses every query with Prometheus’s own parser (promtool), Grafana’s variables filled in', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-dashboard-'));
    try {
      // Each query as a recording rule: promtool checks its PromQL the way Prometheus would run it.
      const rules = panelExprs.map((expr, i) => ({ record: `dashboard:query_${i}`, expr: asPromQL(expr) }));
      fs.writeFileSync(path.join(dir, 'queries.yml'), stringify({ groups: [{ name: 'dashboard', rules }] }));
      const result = promtool(dir, 'check', 'rules', 'queries.yml');
      expect(result.status, said(result)).toBe(0);
      expect(result.stdout).toContain(`SUCCESS: ${panelExprs.length} rules found`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names only series the service exports, in its panels and its instance picker', () => {
    const variables = dashboard.templating.list
      .map((variable) => (typeof variable.query === 'string' ? variable.query : variable.query?.query))
      .filter((query): query is string => typeof query === 'string' && query.startsWith('label_values('))
      .map((query) => query.replace(/^label_values\((.*),\s*\w+\)$/, '$1'));
    const exprs = [...panelExprs, ...variables];
    expect(variables).toEqual(['up{job="tradecard"}']);
    const unknown = exprs.flatMap((expr) => seriesNames(expr).filter((name) => !exported.has(name)));
    expect(unknown).toEqual([]);
  });

  it('shows every series an alert watches, in panels with unique ids and titles', () => {
    const shown = new Set(panelExprs.flatMap(seriesNames));
    const unseen = alerts.flatMap((rule) => seriesNames(rule.expr).filter((name) => !shown.has(name)));
    expect(unseen).toEqual([]);
    const ids = panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels.filter((each) => each.type !== 'row')) {
      expect(panel.title.length).toBeGreaterThan(3);
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
  });
});

/** GitHub's anchors for a page's headings (lower case, punctuation dropped, spaces as hyphens). */
function headingAnchors(markdown: string): string[] {
  return [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map(([, heading]) =>
    (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-'),
  );
}

/** The rows of the page's table headed `| alert | severity | …`: each alert's name and severity. */
function alertRows(markdown: string): Record<string, string> {
  const lines = markdown.split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => /^\|\s*alert\s*\|\s*severity\s*\|/.test(line));
  if (start < 0) throw new Error('docs/operations.md has no table headed | alert | severity |');
  const rows: Record<string, string> = {};
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [alert, severity] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim().replace(/^`|`$/g, ''));
    rows[alert as string] = severity as string;
  }
  return rows;
}
