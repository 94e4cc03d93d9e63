import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

/** Runs scripts/<name>.ts as `npm run <name>` would, with `env` over this process's; rejects on a non-zero exit. */
export const runScript = (name: string, args: string[], env: Record<string, string>) =>
  run(tsx, [`scripts/${name}.ts`, ...args], { env: { ...process.env, ...env } });
