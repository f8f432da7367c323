// Runs bin/spdc subcommands against the test server's data directory
// (SQLite in WAL mode lets them work beside the running server).
import { execFileSync } from 'node:child_process';
import { binary } from './global-setup';

function env() {
  const dataDir = process.env.SPDC_E2E_DATA_DIR;
  if (!dataDir) throw new Error('SPDC_E2E_DATA_DIR is not set');
  const e: Record<string, string | undefined> = { ...process.env, SPDC_DATA_DIR: dataDir };
  delete e.DATABASE_URL;
  return e;
}

/** createAdmin makes an admin account with `spdc admin create`. */
export function createAdmin(email: string, name: string, password: string): void {
  execFileSync(binary, ['admin', 'create', '--email', email, '--name', name], { input: password + '\n', env: env() });
}

/** promoteAdmin makes an existing user an admin with `spdc admin promote`. */
export function promoteAdmin(email: string): void {
  execFileSync(binary, ['admin', 'promote', email], { env: env() });
}

/** createStaff makes a member of staff holding roles with `spdc admin
 * create --role R …`. */
export function createStaff(email: string, name: string, password: string, roles: string[]): void {
  const flags = roles.flatMap((r) => ['--role', r]);
  execFileSync(binary, ['admin', 'create', '--email', email, '--name', name, ...flags], { input: password + '\n', env: env() });
}
