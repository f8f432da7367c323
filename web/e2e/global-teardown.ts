import { readFileSync, rmSync } from 'node:fs';
import { stateFile } from './global-setup';

export default async function globalTeardown() {
  try {
    const { pid, dataDir } = JSON.parse(readFileSync(stateFile, 'utf8'));
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(stateFile, { force: true });
  } catch {
    /* nothing started */
  }
}
