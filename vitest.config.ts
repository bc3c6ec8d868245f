import { defineConfig } from 'vitest/config';

// One Vitest run covers the contract, the server (unit + integration on a real database) and the
// web's pure logic. Integration tests build their own app on a fresh PGlite copy per file.
export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.ts',
      // Component tests: each picks its DOM with a `// @vitest-environment jsdom` comment.
      'apps/web/src/**/*.test.tsx',
      'apps/web/build/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    setupFiles: ['apps/server/src/test/declared-errors.setup.ts'],
    // Under `npm test` Vitest shares the cores with the browser journeys at a lower priority
    // (scripts/test.ts), so a test may wait for CPU: the limits catch hangs, not slowness.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
