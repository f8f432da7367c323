/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { countriesPlugin } from './scripts/countries';
import { routePreloadsPlugin, startupPreloads } from './scripts/route-preloads';
import { i18nPlugin } from './scripts/i18n';

const startup = startupPreloads();

// The build goes to web/dist, which the Go package `web` embeds.
export default defineConfig({
  plugins: [react(), countriesPlugin(), routePreloadsPlugin(), startup.plugin, i18nPlugin()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    reportCompressedSize: false,
    // Every browser the build targets (ES2022) fetches <link
    // rel="modulepreload"> itself, so the entry carries no polyfill for it.
    // What an import() names to fetch with its chunk leaves out the
    // start-up chunks, which are always loaded by then.
    modulePreload: { polyfill: false, resolveDependencies: startup.resolveDependencies },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/uploads': 'http://127.0.0.1:8080' },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // The CI machine has two cores shared with Go tests; user-event
    // typing into big forms can take seconds there.
    testTimeout: 30_000,
  },
});
