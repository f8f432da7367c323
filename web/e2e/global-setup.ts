// Starts bin/spdc on a free loopback port with a temporary data directory
// and waits until /readyz answers. Tests read the address from
// SPDC_E2E_BASE_URL and captured mail from SPDC_E2E_DATA_DIR/mail.
import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, waitReady } from '../scripts/local-server.mjs';

export const binary = resolve(import.meta.dirname, '../../bin/spdc');
// The running server's pid and data directory, kept inside this checkout so
// that two checkouts running their browser tests at once never stop each
// other's server.
export const stateFile = resolve(import.meta.dirname, '../test-results-state.json');

export default async function globalSetup() {
  if (!existsSync(binary)) throw new Error(`${binary} is missing: run "make build" first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'spdc-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    SPDC_ADDR: `127.0.0.1:${port}`,
    SPDC_DATA_DIR: dataDir,
    SPDC_PUBLIC_URL: base,
    SPDC_LOG_FORMAT: 'text',
    // Each test sends its own X-Forwarded-For (see fixtures.ts), believed
    // from the loopback only.
    SPDC_TRUSTED_PROXIES: '127.0.0.1',
    // The whole suite sends several hundred messages within minutes; under
    // the site's default hourly cap (100) the later tests' mail would wait
    // in the outbox. The cap itself is tested by the Go tests.
    SPDC_MAIL_PER_HOUR: '100000',
  };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  delete (env as Record<string, string | undefined>).SMTP_URL;
  const child = spawn(binary, ['serve'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => {
    log += d.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  });
  child.on('exit', (code) => {
    if (code && code !== 0) console.error('spdc exited with', code, '\n', log.slice(-4000));
  });
  await waitReady(base, 20_000);
  process.env.SPDC_E2E_BASE_URL = base;
  process.env.SPDC_E2E_DATA_DIR = dataDir;
  writeFileSync(stateFile, JSON.stringify({ pid: child.pid, dataDir, base }));
  child.unref();
}
