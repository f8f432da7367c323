// The types of chromium.mjs, for the TypeScript that imports it.
export const chromiumPath: string;
export const chromiumArgs: string[];
