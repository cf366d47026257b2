// Browser tests of the built site (make test-ui). Playwright drives Debian's chromium; it never
// downloads a browser. The web server only serves build/site: `make web` builds it first.
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.UI_PORT ?? 8123);

export default defineConfig({
  testDir: 'tests/ui',
  testMatch: '**/*.spec.ts',
  // UI_OUTPUT_DIR and UI_PORT let two developers (or helpers) run specs side by side.
  outputDir: process.env.UI_OUTPUT_DIR ?? 'build/test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous budgets: CI and developers share 2 cores with builds, and a slow machine must not
  // turn into a red run. Budgets change nothing about what the assertions check.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    headless: true,
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--no-sandbox'],
    },
  },
  // Tests tagged @timed measure the page's own frame times: they run last, alone, once every other
  // test is done, so a second browser does not share the cores with them.
  projects: [
    { name: 'desktop', grepInvert: /@timed/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
    { name: 'timed', grep: /@timed/, dependencies: ['desktop'], use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, channel: undefined } },
  ],
  webServer: {
    command: `node tools/serve.mjs ${process.env.UI_SITE ?? 'build/site'} --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/index.html`,
    reuseExistingServer: false,
    timeout: 15_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { SERVE_QUIET: '1' },
  },
});
