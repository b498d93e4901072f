import path from 'node:path';
import {defineConfig} from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The same site built with a product marked "coming soon" (scripts/test.sh builds both). */
export const WAITLIST_PORT = PORT + 1;

/** Debian's Chromium, which every browser run here uses (scripts/test.sh installs it). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that let Debian's Chromium run headless in a container with no network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The fonts the browser may use: DejaVu only, so layouts render alike on every machine. */
export const FONTCONFIG_FILE = path.resolve(__dirname, 'tests/fonts/fonts.conf');

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
  env: {...process.env, FONTCONFIG_FILE},
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions,
    trace: 'off',
  },
  projects: [
    {
      name: 'phone',
      use: {
        viewport: {width: 390, height: 844},
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        // Chromium on Linux chose how to place a line's glyphs (whole or fractional pixels) per
        // renderer, racing the emulated scale: one load in ten or so laid every 17 px line a few
        // pixels wider than the next load did. The flag fixes the choice, so two loads of a page
        // render alike (tests/e2e/critical-css.spec.ts compares them pixel by pixel).
        launchOptions: {
          ...launchOptions,
          args: [...CHROMIUM_ARGS, '--disable-font-subpixel-positioning'],
        },
      },
    },
    {
      name: 'desktop',
      use: {viewport: {width: 1440, height: 900}},
      // Reflow is a phone-width check: those tests set 320–390 px widths themselves.
      testIgnore: 'reflow.spec.ts',
    },
  ],
  webServer: [
    {build: 'build', port: PORT},
    {build: 'build-waitlist', port: WAITLIST_PORT},
  ].map(({build, port}) => ({
    command: 'npx tsx server/serve.ts',
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    env: {
      PORT: String(port),
      BUILD_DIR: build,
      DATA_DIR: `.data/e2e-${port}-${Date.now()}`,
      WAITLIST_WRITES_PER_MINUTE: '0',
      WAITLIST_READS_PER_MINUTE: '0',
      // Every test's browser connects from one address, in parallel.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    },
  })),
});
