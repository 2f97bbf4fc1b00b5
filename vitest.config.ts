import { defineConfig } from 'vitest/config';

// One runner for unit and integration tests across the workspaces; the browser suite runs separately (scripts/e2e.mjs).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'wind', include: ['packages/wind/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
