// A server of a spec's own on an empty data directory: a fresh install, as
// a new program sees it, which the other browser tests (sharing one server
// they fill with their own people and settings) cannot show.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startSpdc } from '../scripts/local-server.mjs';
import { binary } from './global-setup';

export interface FreshServer {
  /** The server's origin, http://127.0.0.1:port. */
  base: string;
  /** mailDir holds the mail this server writes to files. */
  mailDir: string;
  /** createAdmin makes an admin account on this server's data. */
  createAdmin(email: string, name: string, password: string): void;
  stop(): Promise<void>;
}

/** startFresh starts bin/spdc on an empty data directory (SQLite, mail to
 * files) and waits until it answers. */
export async function startFresh(): Promise<FreshServer> {
  const { base, dataDir, env, stop } = await startSpdc(binary, { prefix: 'spdc-e2e-fresh-' });
  return {
    base,
    mailDir: join(dataDir, 'mail'),
    createAdmin(email, name, password) {
      execFileSync(binary, ['admin', 'create', '--email', email, '--name', name], { input: password + '\n', env });
    },
    stop,
  };
}

/** scriptShare counts the letters of text in the script of lang (Devanagari
 * for hi, Bengali for bn) and in Latin, and the share of the first. */
export function scriptShare(text: string, lang: 'hi' | 'bn'): { own: number; latin: number; share: number } {
  const script = lang === 'hi' ? /\p{Script=Devanagari}/gu : /\p{Script=Bengali}/gu;
  const own = (text.match(script) ?? []).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  return { own, latin, share: own / Math.max(1, own + latin) };
}
