// What every script that starts bin/spdc on this machine needs: a free
// loopback port for it, a wait until it says it is ready, and (startSpdc)
// the whole of a server of its own on an empty data directory. Used by the
// browser tests and by the trace script.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** freePort is a loopback port no one listens on, found by letting the
 * system pick one and closing it again. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      if (addr && typeof addr === 'object') {
        const { port } = addr;
        srv.close(() => resolve(port));
      } else reject(new Error('no port'));
    });
  });
}

/** waitReady asks base's /readyz every tenth of a second until it answers,
 * and fails after ms milliseconds. */
export async function waitReady(base, ms) {
  for (const until = Date.now() + ms; Date.now() < until; ) {
    try {
      if ((await fetch(base + '/readyz')).ok) return;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('spdc did not become ready at ' + base);
}

/** startSpdc runs `binary serve` on a free loopback port with an empty data
 * directory of its own (SQLite, mail written to files: the machine's
 * DATABASE_URL and SMTP_URL are not passed on), plus env, and waits until it
 * is ready. printed is what it has written to stdout so far; stop ends it
 * and removes the directory. */
export async function startSpdc(binary, { prefix = 'spdc-', env: extra = {}, ready = 30_000 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  Object.assign(env, { SPDC_ADDR: `127.0.0.1:${port}`, SPDC_DATA_DIR: dataDir, SPDC_PUBLIC_URL: base }, extra);
  const child = spawn(binary, ['serve'], { env, stdio: ['ignore', 'pipe', 'ignore'] });
  let printed = '';
  child.stdout.on('data', (d) => {
    printed += d.toString();
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(base, ready);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, dataDir, env, printed: () => printed, stop };
}
