// How the scripts that measure pages start Debian's headless Chromium
// (CHROME_PATH, default /usr/bin/chromium): no sandbox (root in CI), no
// GPU, and none of the browser's own background traffic, which would
// land in the measurements.
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];
