import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

// Browser tests run against the real binary (bin/spdc, built by `make
// build`), started by e2e/global-setup.ts on a free port with a fresh data
// directory, in Debian's Chromium.
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // A test that fails once is run once more: on a loaded two-core machine a
  // whole journey can outlast a wait. The report still names it "flaky",
  // and one that fails twice fails the run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: './test-results',
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: process.env.SPDC_E2E_BASE_URL,
    // A trace (with its screenshots, taken all through the test) is
    // recorded only when a failed test is run again: recording one for
    // every test, to keep the few that fail, made a spec a fifth slower on
    // a two-core machine.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // Playwright chooses headless itself.
      args: chromiumArgs.filter((a) => a !== '--headless'),
    },
  },
  // Every spec runs at 1280 px; the public site and the smoke tests also
  // run on a 375 px phone (other specs opt in by adding their file here).
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      testMatch: /(site|smoke)\.spec\.ts$/,
      use: { viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    },
  ],
});
