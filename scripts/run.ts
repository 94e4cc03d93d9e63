// `node scripts/run.ts <command> [args]`: runs scripts/<command>.ts compiled (scripts/compile.ts), in this process,
// so the memory flags given to node, the signals sent to it and the exit code are the command's own.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compiledFile, ensureCompiled } from './compile.ts';

const [command] = process.argv.splice(2, 1);
if (!command || !/^[a-z][a-z0-9-]*$/.test(command)) {
  console.error('Usage: node scripts/run.ts <command> [args], e.g. node scripts/run.ts backup');
  process.exit(2);
}
const file = compiledFile(await ensureCompiled(), `scripts/${command}.ts`);
// Stack traces name the TypeScript source, as they did when tsx ran it.
process.setSourceMapsEnabled(true);
process.argv[1] = file;
await import(pathToFileURL(file).href).catch((error: NodeJS.ErrnoException & { url?: string }) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && error.url === pathToFileURL(file).href) {
    console.error(
      `No command ${command}: scripts/compile.ts builds none by that name (${path.relative(process.cwd(), file)}).`,
    );
    process.exit(2);
  }
  throw error;
});
