// The types of local-server.mjs, for the TypeScript that imports it.
export function freePort(): Promise<number>;
export function waitReady(base: string, ms: number): Promise<void>;
export interface Spdc {
  /** The server's origin, http://127.0.0.1:port. */
  base: string;
  dataDir: string;
  /** The environment it runs with, for the binary's other commands. */
  env: Record<string, string | undefined>;
  /** What it has written to stdout so far. */
  printed(): string;
  stop(): Promise<void>;
}
export function startSpdc(binary: string, opts?: { prefix?: string; env?: Record<string, string>; ready?: number }): Promise<Spdc>;
