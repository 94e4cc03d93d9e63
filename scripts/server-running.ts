import fs from 'node:fs';
import path from 'node:path';

/** Whether a server holds DATA_DIR: the process its server.pid names is alive. */
export function serverRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'server.pid');
  if (!fs.existsSync(pidFile)) return false;
  try {
    process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}
