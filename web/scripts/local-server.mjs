// What every script that starts bin/spdc on this machine needs: a free
// loopback port for it, and a wait until it says it is ready. Used by the
// browser tests' set-up and by the trace script.
import { createServer } from 'node:net';

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
