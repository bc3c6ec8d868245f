// Browser journeys in Debian's Chromium against the real server (fresh embedded database per run,
// serving the built web app), as a user walks them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Evaluated in the runner and again in each worker: the runner picks the directory, workers inherit it.
if (!process.env.GRE_E2E_DATA_DIR) process.env.GRE_E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'gre-e2e-'));
const port = Number(process.env.GRE_E2E_PORT ?? 3210);
export const e2eJwtSecret = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [['list'], ['json']],
  outputDir: '../test-results/e2e-artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { ...devices['Pixel 7'] }, grep: /@phone/ },
  ],
  webServer: {
    command: `"${process.execPath}" ../apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.GRE_E2E_DATA_DIR,
      JWT_SECRET: e2eJwtSecret,
      RATE_LIMIT_PER_MINUTE: '0',
      // support.ts newCandidate registers each candidate from an address of its own (X-Forwarded-For).
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      // The flash journey comes back "tomorrow" by writing an offset here (support.ts moveServerClock).
      CLOCK_OFFSET_FILE: path.join(process.env.GRE_E2E_DATA_DIR, 'clock-offset-ms'),
      // Essays are graded by a fake model that essay.spec.ts serves on the next port (slow on purpose,
      // so Judging is visible); when it is not running, the built-in scorer grades (the fallback).
      ESSAY_MODEL_URL: `http://127.0.0.1:${port + 1}/v1`,
      ESSAY_MODEL_NAME: 'e2e-rater',
      ESSAY_MODEL_TIMEOUT_MS: '30000',
    },
  },
});
