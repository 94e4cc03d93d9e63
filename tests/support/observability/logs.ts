import pino from 'pino';
import { log } from '../../../observability/log';

// Tests read log fields freely; each assertion is the type check.
// biome-ignore lint/suspicious/noExplicitAny: see above
type LogLine = Record<string, any>;

/**
 * Sends the process logger's lines to memory instead of stdout, at `level`, until `restore()`. pino reads its
 * destination from the logger at every write, so swapping it reaches every module's `log` (children too).
 */
export function captureLogs(level: pino.Level = 'debug') {
  const written: string[] = [];
  const target = log as unknown as Record<symbol, unknown>;
  const previous = { stream: target[pino.symbols.streamSym], level: log.level };
  target[pino.symbols.streamSym] = {
    write: (chunk: string) => {
      written.push(chunk);
    },
  };
  log.level = level;
  return {
    /** Every line written so far, each as written (JSON text). */
    raw: () => written.join('').split('\n').filter(Boolean),
    /** Every line written so far, parsed. */
    lines: () =>
      written
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
    clear: () => {
      written.length = 0;
    },
    restore: () => {
      target[pino.symbols.streamSym] = previous.stream;
      log.level = previous.level;
    },
  };
}
