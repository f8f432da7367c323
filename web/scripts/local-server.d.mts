// The types of local-server.mjs, for the TypeScript that imports it.
export function freePort(): Promise<number>;
export function waitReady(base: string, ms: number): Promise<void>;
