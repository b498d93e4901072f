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
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      env: {...process.env, FONTCONFIG_FILE},
    },
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
      },
    },
    {name: 'desktop', use: {viewport: {width: 1440, height: 900}}},
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
