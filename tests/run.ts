// `npm test`: every step, each timed, all of them run even when one fails (a failing unit suite must not hide the
// journeys' result), then the ten slowest test files and a check that no process the run started is still alive.
// Node runs this file itself (type stripping), so it needs nothing built first.

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { killAndDescribe, leftoverProcesses, RUN_MARKER } from './support/leftover-processes.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const vitestReport = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tradecard-test-')), 'vitest.json');

type Step = { name: string; command: string; args: string[] };

const STEPS: Step[] = [
  { name: 'lint', command: bin('biome'), args: ['check', '.'] },
  { name: 'typecheck', command: bin('tsc'), args: ['--noEmit', '-p', '.'] },
  {
    name: 'unit and integration (vitest)',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  },
  { name: 'journeys (Playwright)', command: bin('playwright'), args: ['test'] },
];

const runId = randomUUID();
const env = { ...process.env, [RUN_MARKER]: runId };

function run(step: Step): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', (error) => {
      console.error(`${step.name}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

// Ctrl-C reaches the step's process group itself; this runner just stops starting new steps.
let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const results: { name: string; ms: number; code: number }[] = [];
const started = performance.now();
for (const step of STEPS) {
  if (interrupted) break;
  console.log(`\n▶ ${step.name}`);
  const stepStarted = performance.now();
  const code = await run(step);
  results.push({ name: step.name, ms: performance.now() - stepStarted, code });
  console.log(`${code === 0 ? '✔' : '✘'} ${step.name}: ${seconds(performance.now() - stepStarted)}`);
}

type VitestReport = {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
};
const readVitestReport = (): VitestReport | null =>
  fs.existsSync(vitestReport) ? (JSON.parse(fs.readFileSync(vitestReport, 'utf8')) as VitestReport) : null;

function slowestFiles(count: number): string[] {
  const report = readVitestReport();
  if (!report) return [];
  // A suite run on both databases counts once per run.
  return report.testResults
    .map((file) => ({ file: path.relative(ROOT, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ file, ms }) => `  ${seconds(ms).padStart(8)}  ${file}`);
}

console.log('\nStep times:');
for (const { name, ms, code } of results)
  console.log(`  ${seconds(ms).padStart(8)}  ${name}${code === 0 ? '' : ` (failed, exit ${code})`}`);
console.log(`  ${seconds(performance.now() - started).padStart(8)}  in all`);
const slowest = slowestFiles(10);
if (slowest.length > 0) console.log(`\nThe ten slowest test files:\n${slowest.join('\n')}`);

/**
 * What failed, each with the first line of its reason, at the very end: CI shows a run's last lines, and vitest's own
 * account of a failure is thousands of lines above them.
 */
function failedTests(): string[] {
  const firstLine = (text = '') => text.trim().split('\n')[0]?.slice(0, 300) ?? '';
  return (readVitestReport()?.testResults ?? []).flatMap((file) => {
    const where = path.relative(ROOT, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `  ${where} › ${test.fullName}\n      ${firstLine(test.failureMessages[0])}`);
    // A file that failed with no failed test failed to load or in a hook.
    return tests.length > 0 || file.status !== 'failed'
      ? tests
      : [`  ${where}\n      ${firstLine(file.message)}`];
  });
}
const failures = failedTests();
if (failures.length > 0) console.error(`\nFailed tests (vitest):\n${failures.join('\n')}`);

const leftovers = leftoverProcesses(runId);
if (leftovers.length > 0)
  console.error(
    `\n✘ ${leftovers.length} process(es) started by the tests outlived them (now killed); stop each in its test's teardown:\n${killAndDescribe(leftovers)}`,
  );

const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) console.error(`\n✘ Failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 || leftovers.length > 0 || interrupted ? 1 : 0);
