import fsp from 'node:fs/promises';
import type { DataDirFs } from '../../../api/process/data-dir';

/** An error as Node's fs raises it: the code is what the check maps to words. */
export const fsError = (code: string, syscall: string, target: string) =>
  Object.assign(new Error(`${code}: ${syscall} '${target}'`), { code, syscall, path: target });

/**
 * The real file system, except that one operation fails with an errno code. Tests run as root, where a chmod 0555
 * folder is still writable, so permission and read-only causes can only be reached this way.
 */
export function failingFs(operation: 'writeFile' | 'mkdir' | 'access', code: string): DataDirFs {
  const fail = async (target: Parameters<typeof fsp.access>[0]) => {
    // A missing entry stays missing: the check skips entries that don't exist yet.
    if (operation === 'access') await fsp.access(target);
    throw fsError(code, operation, String(target));
  };
  return { ...fsp, [operation]: fail } as DataDirFs;
}

/** The real file system reporting a disk with this many bytes free. */
export function fsWithFreeBytes(bytes: number): DataDirFs {
  return {
    ...fsp,
    statfs: async (target: Parameters<typeof fsp.statfs>[0]) => ({
      ...(await fsp.statfs(target)),
      bsize: 4096,
      bavail: Math.floor(bytes / 4096),
    }),
  } as unknown as DataDirFs;
}
