import { defineConfig } from 'vitest/config';

// One runner, four projects: pure logic (core, and the web's pure functions), API through app.inject
// (server), browser journeys (e2e).
export default defineConfig({
  test: {
    projects: [
      // Timeouts are a safety net, not an assertion: CI must pass on a busy machine, where a CPU-bound
      // test (1,000 quotes against 1,500 routes) can take several times its quiet duration.
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      // Only pure .ts of the web (no DOM, no React): form rules from the zod schemas and the like.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/test/global-setup.ts'],
          // The app's module graph (Fastify, zod schemas of every route, drizzle) is imported once per worker,
          // not once per file: that import was ~40% of the project's CPU. Every file still builds its own app on
          // its own database copy; isolamento.ts undoes what a file changes outside its app (spies, env).
          isolate: false,
          setupFiles: ['apps/server/test/support/isolamento.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 180_000,
          // One browser file at a time: each starts its own server (in-process, on a PGlite copy), all share the
          // run's one Chromium (global-setup.ts), and two cores cannot carry two servers and their pages plus
          // the test runner without starving the pages.
          fileParallelism: false,
          maxWorkers: 1,
          // As in the server project: the app is imported once, not once per file (isolamento.ts cleans up).
          isolate: false,
          setupFiles: ['apps/server/test/support/isolamento.ts'],
          // expect.poll waits for a state; 1 s (the default) is not enough for a page on a loaded machine.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
