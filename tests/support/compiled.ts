import { compiledEntrySync } from '../../scripts/compile';

/**
 * The compiled file of one of our entries (e.g. 'api/server.ts'), as `npm start` and `npm run <command>` run it.
 * vitest's global setup compiles once before any suite (tests/support/global-setup.ts); a file run on its own, or
 * after a source changed, compiles here first.
 */
export const compiledEntry = compiledEntrySync;

/** `node <compiled scripts/<name>.js>`: an ops command exactly as `npm run <name>` runs it, without npm. */
export const compiledCommand = (name: string) => compiledEntrySync(`scripts/${name}.ts`);
