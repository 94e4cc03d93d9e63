import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { compiledCommand } from '../compiled';

const run = promisify(execFile);

/** Runs scripts/<name>.ts as `npm run <name>` would (compiled), with `env` over this process's; rejects on a non-zero exit. */
export const runScript = (name: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [compiledCommand(name), ...args], { env: { ...process.env, ...env } });
